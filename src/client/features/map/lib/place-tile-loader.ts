import {
  type PlaceRow,
  type PlaceTileIndex,
  placeTiers,
  tilesInView,
  tileUrl,
  type View,
} from '../../../../shared/geo/place-tiles';
import { type PlaceCollection, placeFeatures } from './place-features';

/** Cells kept after they leave the view, so panning back does not fetch them again. */
const keptTiles = 96;

type FetchTile = (url: string, signal: AbortSignal) => Promise<PlaceRow[]>;

/**
 * The smaller places for the current view: the cells of each tier the zoom calls for, fetched
 * once, kept in a bounded cache, and handed over as one collection whenever what the view
 * shows changes.
 */
export class PlaceTileLoader {
  private readonly loaded = new Map<string, PlaceRow[]>();
  private readonly pending = new Set<string>();
  private readonly controller = new AbortController();
  private wanted: string[] = [];
  private shown = '';

  constructor(
    private readonly index: PlaceTileIndex,
    private readonly fetchTile: FetchTile,
    private readonly onChange: (places: PlaceCollection) => void,
  ) {}

  show(view: View, zoom: number): void {
    this.wanted = placeTiers
      .filter((tier) => zoom >= tier.minZoom)
      .flatMap((tier) =>
        tilesInView(tier, view, new Set(this.index.tiers[tier.id])).map((key) =>
          tileUrl(this.index, tier.id, key),
        ),
      );
    for (const url of this.wanted) {
      const rows = this.loaded.get(url);
      if (rows) {
        // Most recently wanted last: the cache forgets from the front.
        this.loaded.delete(url);
        this.loaded.set(url, rows);
      } else if (!this.pending.has(url)) this.load(url);
    }
    this.publish();
  }

  dispose(): void {
    this.controller.abort();
  }

  private load(url: string): void {
    this.pending.add(url);
    this.fetchTile(url, this.controller.signal).then(
      (rows) => {
        this.pending.delete(url);
        this.loaded.set(url, rows);
        while (this.loaded.size > keptTiles) {
          const oldest = this.loaded.keys().next().value as string;
          this.loaded.delete(oldest);
        }
        if (!this.controller.signal.aborted) this.publish();
      },
      // A cell that failed is simply not labelled; the next move asks for it again.
      () => this.pending.delete(url),
    );
  }

  private publish(): void {
    const ready = this.wanted.filter((url) => this.loaded.has(url));
    const key = ready.join('\n');
    if (key === this.shown) return;
    this.shown = key;
    this.onChange(placeFeatures(ready.flatMap((url) => this.loaded.get(url) ?? [])));
  }
}
