--redislock:ack
--
-- Finishes a task that is in flight; its payload goes with it. If the id was
-- enqueued again while it ran, that run may start now (with the payload it was
-- enqueued with): wake a worker for it.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   paused    string                     G, the pause: exists while the queue is paused (no wake-up then)
-- @key   counts    string, optional           C, the queue's counters (common/counts.lua), when the run
--                                             counts here (packed)
-- @arg   id        string                     the task id
-- @arg   receipt   string or ''               the reservation's receipt, or '' for the current one
-- @arg   packed    string or '', trailing     the run's count, when the caller has it counted here
--                                             rather than kept: 'p' (acked), 'f' (acked as failed) or
--                                             '<bucket>:<µs>' (acked, timed)

--#include "common/tasks.lua"
if not ours(receipts, id, receipt) or redis.call('zrem', inflight, id) == 0 then return 0 end
redis.call('hdel', receipts, id)
if packed then count_packed(KEYS[8], packed) end
if redis.call('zscore', queue, id) then wake_one(wakeup, paused) else redis.call('hdel', payloads, id) end
return 1
