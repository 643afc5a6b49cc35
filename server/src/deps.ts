// What every server module is given: configuration, Postgres, Redis (with its key prefix) and the logger.
import type Redis from "ioredis";
import type { Config } from "@core/config";
import type { Sql } from "@core/db";
import type { RedisKeys } from "@core/redis";
import type { Logger } from "@core/log";

export type ServerDeps = {
  config: Config;
  sql: Sql;
  redis: Redis;
  keys: RedisKeys;
  log: Logger;
};
