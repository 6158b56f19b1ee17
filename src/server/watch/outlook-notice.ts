import { outlookNoticeSchema } from '../../shared/api/watch';
import { addDays, localDate, startOfLocalDay } from '../../shared/time/local-days';
import { minutesOf, wallClock } from '../../shared/time/wall-clock';
import type { SiteRuntime } from './monitor';
import { scheduleOpen } from './schedule';
import { siteOutlook, type SiteOutlookOptions } from './site-outlook';
import type { SiteRecord } from './store';

/** A site's forecast notice as set: `at` is "HH:MM" on its wall clock. */
export type OutlookNoticeSetting = { at: string };

/** A site's notice as stored (JSON), read; null: it asks for none. */
export function outlookNoticeOf(
  site: Pick<SiteRecord, 'outlookNotice'>,
): OutlookNoticeSetting | null {
  return site.outlookNotice === null
    ? null
    : outlookNoticeSchema.parse(JSON.parse(site.outlookNotice));
}

/**
 * An outlook that could not be had is asked for again no sooner than this: the monitor's rounds
 * come every few seconds, and a provider that is down is not asked that often for a notice.
 */
const retryMs = 60_000;

export interface OutlookNotifierOptions extends SiteOutlookOptions {
  /** The watch's sites, as the monitor holds them. */
  sites: () => SiteRuntime[];
  /** Whether the site's notice of `day` was recorded already (by whoever, whenever). */
  recorded: (siteId: string, day: string) => Promise<boolean>;
  /** Tells the site's channels; false when the day was recorded already. */
  tell: (
    runtime: SiteRuntime,
    notice: { day: string; at: number; reasons: string[] },
  ) => Promise<boolean>;
}

/**
 * The forecast notice (issue 32 §1): a site with `outlook_notice: {at}` has its channels told,
 * from `at` on its wall clock, when tomorrow (its calendar's) is forecast no_go. Checked by the
 * leader after each monitor round.
 *
 * With activity windows, the notice goes at `at` when that falls inside a window, and otherwise
 * is held until the next window opens, as long as that is before the no-go day ends (a site that
 * does not work again until after the day has nothing to plan; see docs/operators-guide.md).
 * A held notice is judged at the opening, on the forecast then, so a day that is no longer
 * no-go by morning is not announced; if the opening falls on the day itself, it says "today".
 *
 * At most once a site and day: the day is recorded (a unique row, whichever replica is first)
 * before any channel is told. A day judged and found not no_go is remembered in memory only: a
 * restart or a new leader asks for the outlook once more, from the BFF's cache as a rule, which
 * costs nothing and keeps the delivery log a record of what was sent.
 */
export class OutlookNotifier {
  /** Per site: the day judged (told, or not no_go), so it is asked for once. */
  private readonly done = new Map<string, string>();
  /** Per site: when its outlook last could not be had (epoch ms). */
  private readonly failedAt = new Map<string, number>();
  private running: Promise<void> | undefined;

  constructor(private readonly options: OutlookNotifierOptions) {}

  /** One check of every site at `now`; checks never overlap (one on its way: this is skipped). */
  check(now: number): Promise<void> {
    this.running ??= this.checkAll(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** A check, not waited for (the monitor's rounds go on meanwhile). */
  start(now: number): void {
    void this.check(now);
  }

  /** Resolves once no check is on its way. */
  async idle(): Promise<void> {
    await this.running;
  }

  private async checkAll(now: number): Promise<void> {
    for (const runtime of this.options.sites()) {
      try {
        await this.checkSite(runtime, now);
      } catch (error) {
        this.options.logger.error('outlook-notice', {
          site: runtime.site.id,
          message: (error as Error).message,
        });
      }
    }
  }

  /**
   * The no-go day a notice may be due for now: tomorrow once `at` has passed today; before it,
   * today, if yesterday's notice was held by the site's windows (they were closed at `at`).
   */
  private dueDay(runtime: SiteRuntime, at: number, zone: string, now: number) {
    const today = localDate(zone, now);
    if (wallClock(zone, now).minutes >= at) return addDays(today, 1);
    if (!runtime.schedule) return undefined;
    // Yesterday's `at` (an hour out on a day the clocks change: the windows read the same).
    const yesterdayAt = startOfLocalDay(zone, addDays(today, -1)) + at * 60_000;
    return scheduleOpen(runtime.schedule, zone, yesterdayAt) ? undefined : today;
  }

  private async checkSite(runtime: SiteRuntime, now: number): Promise<void> {
    const setting = outlookNoticeOf(runtime.site);
    const zone = runtime.timeZone;
    // Until the provider has named the site's zone, its wall clock is not known.
    if (!setting || !zone) return;
    const siteId = runtime.site.id;
    const day = this.dueDay(runtime, minutesOf(setting.at), zone, now);
    if (day === undefined || this.done.get(siteId) === day) return;
    // Held: the site's windows are closed.
    if (!scheduleOpen(runtime.schedule, zone, now)) return;
    if (now - (this.failedAt.get(siteId) ?? -Infinity) < retryMs) return;
    if (await this.options.recorded(siteId, day)) {
      this.done.set(siteId, day);
      return;
    }
    const answer = await siteOutlook(this.options, runtime);
    if (!answer.ok) {
      // Not marked: asked again at a later round.
      this.failedAt.set(siteId, now);
      this.options.logger.error('outlook-notice-fetch', {
        site: siteId,
        day,
        status: answer.status,
        message: answer.error,
      });
      return;
    }
    this.failedAt.delete(siteId);
    const judged = answer.outlook.days.find((candidate) => candidate.date === day);
    if (judged?.verdict === 'no_go') {
      const told = await this.options.tell(runtime, { day, at: now, reasons: judged.reasons });
      this.options.logger.info('outlook-notice', { site: siteId, day, told });
    }
    this.done.set(siteId, day);
  }
}
