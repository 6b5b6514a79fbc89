--redislock:size
--
-- [due, delayed, in flight, dead].
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id

--#include "common/now.lua"
local due = redis.call('zcount', queue, '-inf', score(now_us))
return {due, redis.call('zcard', queue) - due, redis.call('zcard', inflight), redis.call('zcard', dead)}
