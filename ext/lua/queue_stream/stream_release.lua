--redislock:stream_release
--
-- Puts a task in flight on the stream layout back, due again after delay (at the
-- stream's end when that is now), or dead when it has used up the queue's max
-- attempts. Returns 1, 0 when the receipt is not the current reservation's, -1
-- when the id is not on the stream.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   receipts  string                     H, the records of carried attempts
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   stream    string                     S, the stream of ready and in-flight tasks
-- @key   index     string                     X, id -> entry id of the tasks in S
-- @key   meta      string                     M, the queue's settings
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @key   counts    string                     C, the queue's counters (common/counts.lua)
-- @arg   id        string                     the task id
-- @arg   eid       string or ''               the receipt's entry id ('': the current reservation)
-- @arg   consumer  string or ''               the receipt's consumer
-- @arg   deliveries string or ''              the receipt's delivery count
-- @arg   delay     number                     the delay (s) before it is due again
-- @arg   uncounted flag '1' '0'               whether this delivery is not an attempt (a surplus of a
--                                             reserve() over several queues, handed back unseen)

--#include "common/now.lua"
--#include "common/stream.lua"
local pe, at = reservation(stream, index, id, eid, consumer, deliveries)
if pe == -1 or pe == 0 then return pe end
local d = pe[4]
if uncounted == '1' then d = d - 1 end
tally(counts, 'r')
if settle_entry(queue, payloads, receipts, dead, stream, index, meta, spare, at, d, us_after(delay) - now_us, false, counts) then
  local due = redis.call('zscore', queue, id)
  if due and tonumber(due) * 1000000 > now_us then nudge(queue, stream, due) end
end
return 1
