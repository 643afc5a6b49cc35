// Repeatable BullMQ jobs shared by engine and server queues: upserted by scheduler id (one schedule however many
// processes upsert it) and put back by a local timer when Redis lost them.
import type { Queue } from "bullmq";
import type { Logger } from "../infra/log";

export type ScheduleMap = Record<string, { name: string; every: number }>;

/** Upserts each schedule, or with `missingOnly` only those Redis no longer has; returns the ids it wrote. */
export async function upsertSchedules(queue: Queue, schedules: ScheduleMap, missingOnly: boolean) {
  const written: string[] = [];
  for (const [id, s] of Object.entries(schedules)) {
    if (missingOnly && (await queue.getJobScheduler(id))) continue;
    await queue.upsertJobScheduler(id, { every: s.every }, { name: s.name, data: {} });
    written.push(id);
  }
  return written;
}

/**
 * The schedules live in Redis, so a restarted or flushed Redis loses them, and with them the sweep that recreates the
 * lost phase jobs from Postgres. A local timer puts back any that are missing; upserting the same id twice (several
 * engines) leaves one schedule.
 */
export function watchSchedules(queue: Queue, schedules: ScheduleMap, log: Logger) {
  let busy = false;
  return setInterval(
    async () => {
      if (busy) return;
      busy = true;
      try {
        for (const id of await upsertSchedules(queue, schedules, true)) log.warn(`${queue.name} schedule restored`, { schedule: id });
      } catch (err) {
        // Redis is down: the next tick tries again.
        log.debug(`${queue.name} schedule check failed`, { error: String(err) });
      } finally {
        busy = false;
      }
    },
    Math.min(...Object.values(schedules).map((s) => s.every)),
  );
}
