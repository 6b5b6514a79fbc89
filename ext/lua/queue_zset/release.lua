--redislock:release
--
-- Only a task that is in flight goes back; one that has used up its attempts goes
-- to the dead letters instead.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   paused    string                     G, the pause: exists while the queue is paused (no wake-up then)
-- @key   counts    string                     C, the queue's counters (common/counts.lua)
-- @arg   id        string                     the task id
-- @arg   delay     number                     the delay (s) before it is due again
-- @arg   receipt   string or ''               the reservation's receipt, or '' for the current one

--#include "common/tasks.lua"
if not ours(receipts, id, receipt) or redis.call('zrem', inflight, id) == 0 then return 0 end
tally(counts, 'r')
settle(queue, receipts, dead, id, us_after(delay) - now_us, counts)
wake_one(wakeup, paused)
return 1
