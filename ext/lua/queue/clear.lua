--redislock:clear
--
-- Deletes the queue's keys; returns how many tasks were queued, in flight or
-- dead. UNLINK, not DEL: the server frees a large set in the background, so a
-- queue of millions is gone at once without blocking it (DEL of 10^6 members
-- takes about a second).
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id

local n = redis.call('zcard', queue) + redis.call('zcard', inflight) + redis.call('zcard', dead)
redis.call('unlink', queue, inflight, wakeup, receipts, dead, payloads)
return n
