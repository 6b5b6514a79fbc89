--redislock:fail
--
-- A task goes to the dead letters now, whatever attempts it has left: one in
-- flight (only while receipt is its reservation's, when given), or, without a
-- receipt, one queued. Its payload stays, or is replaced when a new one is
-- given. An id is dead or alive, never both: a run in flight whose id was
-- enqueued again during it leaves no dead letter, and the run queued outlives
-- it, as a new task (as if it had been enqueued just after the failure).
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   counts    string                     C, the queue's counters (common/counts.lua)
-- @arg   id        string                     the task id
-- @arg   receipt   string or ''               the reservation's receipt, or '' for the current one (or a
--                                             queued task)
-- @arg   replace   flag '1' '0'               whether the dead letter takes the payload that follows
-- @arg   payload   string or ''               its new payload

--#include "common/tasks.lua"
if redis.call('zscore', inflight, id) then
  if not ours(receipts, id, receipt) then return 0 end
  redis.call('zrem', inflight, id)
  -- Enqueued again during this run: that run outlives it, as a new task.
  if redis.call('zscore', queue, id) then redis.call('hdel', receipts, id); tally(counts, 'f'); return 1 end
elseif receipt ~= '' or not redis.call('zscore', queue, id) then
  return 0
end
redis.call('zrem', queue, id)
redis.call('zadd', dead, score(now_us), id)
tally(counts, 'f')
tally(counts, 'x')
local r, a, m, b = record(receipts, id)
if r then set_record(receipts, id, '', a, m, string.format('%.17g', b)) end
if replace == '1' then redis.call('hset', payloads, id, payload) end
return 1
