--redislock:stats
--
-- What an operator asks of a queue, read-only, by the server's clock: [due,
-- delayed, in flight, dead, µs since the oldest due task fell due (-1: none due),
-- µs until the first delayed task falls due (-1: none), reservations past their
-- deadline that no call has returned yet].
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id

--#include "common/now.lua"
local now = score(now_us)
local function us(s) return math.floor(tonumber(s) * 1000000 + 0.5) end
local due = redis.call('zcount', queue, '-inf', now)
local oldest, next_in = -1, -1
if due > 0 then oldest = math.max(0, now_us - us(redis.call('zrange', queue, 0, 0, 'withscores')[2])) end
local later = redis.call('zrangebyscore', queue, '(' .. now, '+inf', 'withscores', 'limit', 0, 1)
if #later > 0 then next_in = us(later[2]) - now_us end
return {due, redis.call('zcard', queue) - due, redis.call('zcard', inflight), redis.call('zcard', dead),
  oldest, next_in, redis.call('zcount', inflight, '-inf', now)}
