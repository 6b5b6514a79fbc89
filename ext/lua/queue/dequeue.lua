--redislock:dequeue
--
-- Removes the task only if its stored score is still exactly that score.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @arg   id        string                     the task id
-- @arg   score     number                     the score it must still have

local s = redis.call('zscore', queue, id)
if s and tonumber(s) == tonumber(score) then
  redis.call('zrem', queue, id)
  -- Its record and payload go with it, unless a run of it is in flight (they
  -- are that run's).
  if not redis.call('zscore', inflight, id) then
    redis.call('hdel', receipts, id)
    redis.call('hdel', payloads, id)
  end
  return 1
end
return 0
