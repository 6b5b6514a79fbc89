-- A queue's keys share one cluster slot. The zset layout's six, passed first in
-- this order by its scripts (the stream layout's S, X, M, L and Q: stream.lua):
-- KEYS[1] Z the queue (zset: member task id, score its due time in seconds),
-- KEYS[2] F the tasks in flight (zset: score the reservation's deadline),
-- KEYS[3] W the wake-up list blocked workers BLPOP on,
-- KEYS[4] H the reservations' records (hash: id => "<receipt>|<attempts>|<max
--         attempts>|<backoff s>", the receipt empty between reservations),
-- KEYS[5] D the dead letters (zset: score the time the task died),
-- KEYS[6] P the payloads (hash: id => bytes, for the tasks that carry one).
-- A task's attempts count its reservations since it was last finished (ack, pop,
-- retryDead); its record goes with it. "Now" is always the server's TIME, never a
-- web server's clock, so app servers with skewed clocks cannot reorder or delay
-- tasks. Scores are formatted with %.17g because Lua's own number-to-string keeps
-- only 14 digits.
local t = redis.call('time')
local now_us = tonumber(t[1]) * 1000000 + tonumber(t[2])
local function score(us) return string.format('%.17g', us / 1000000) end
local function us_after(seconds) return now_us + math.floor(tonumber(seconds) * 1000000 + 0.5) end
