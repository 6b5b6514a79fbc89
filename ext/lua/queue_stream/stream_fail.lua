--redislock:stream_fail
--
-- A task on the stream layout goes to the dead letters now, whatever attempts it
-- has left: one in flight (only while the receipt is its reservation's, when
-- given), or, without a receipt, one queued in the stream. Its payload goes with
-- it, or the new one given. A run of the id enqueued again during this one
-- outlives it instead, and this run leaves no dead letter. Returns 1, 0 when
-- refused, -1 when the id is not on the stream.
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
-- @arg   eid       string or ''               the receipt's entry id ('': the current reservation, or a
--                                             queued task)
-- @arg   consumer  string or ''               the receipt's consumer
-- @arg   deliveries string or ''              the receipt's delivery count
-- @arg   replace   flag '1' '0'               whether the dead letter takes the payload that follows
-- @arg   payload   string or ''               its new payload

--#include "common/now.lua"
--#include "common/stream.lua"
local pe, at = reservation(stream, index, id, eid, consumer, deliveries)
if pe == -1 then return -1 end
if pe == 0 and (eid ~= '' or not at) then return 0 end
tally(counts, 'f')
settle_entry(queue, payloads, receipts, dead, stream, index, meta, spare, at, pe == 0 and 0 or pe[4], nil, true, counts)
-- A new payload goes into P, the one the dead letter had with it (none when a
-- run enqueued again during this one took its place: see settle_entry).
if replace == '1' and redis.call('zscore', dead, id) then redis.call('hset', payloads, id, payload); redis.call('hdel', spare, id) end
return 1
