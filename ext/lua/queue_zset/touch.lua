--redislock:touch
--
-- A new deadline for a reservation still in flight. A blocked worker sleeps until
-- the first deadline it saw: one moved earlier wakes a worker, which looks again
-- and sleeps until the new one.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @arg   id        string                     the task id
-- @arg   visibility number                    the new visibility (s) from now
-- @arg   receipt   string or ''               the reservation's receipt, or '' for the current one

--#include "common/tasks.lua"
local old = redis.call('zscore', inflight, id)
if not old or not ours(receipts, id, receipt) then return 0 end
local deadline = score(us_after(visibility))
redis.call('zadd', inflight, 'xx', deadline, id)
if tonumber(deadline) < tonumber(old) then wake_one(wakeup) end
return 1
