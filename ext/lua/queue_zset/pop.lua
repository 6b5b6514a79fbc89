--redislock:pop
--
-- pop() of one queue that its object last found on the zset layout with nothing
-- in flight, no records and no payloads (the common queue of bare ids): the fast
-- path of take, with only the keys it reads. It takes the first tasks with
-- ZPOPMIN and puts back any that are not due yet; it passes the turn on only for
-- a caller just woken, and answers "nothing due" itself: the first task it put
-- back is the next one due. Returns [1, id, score, false, ...] as take does, or
-- the ms until a task may be due (-1: none). When the queue is not in that
-- state it changes nothing and answers -2 (records, payloads, reservations or
-- a pause: the caller runs take) or -3 (the stream exists: the caller runs stream_pop),
-- and the object remembers that for its next pop().
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   stream    string                     S, the stream: the queue is on the stream layout once
--                                             it exists
-- @key   paused    string                     G, the pause: exists while the queue is paused
-- @arg   count     integer                    how many tasks at most (a page at most: the caller
--                                             caps it)
-- @arg   waiting   flag '1' '0'               whether the caller blocks when nothing is due
-- @arg   woken     flag '1' '', trailing      whether the caller was woken from its wake-up list
--                                             since its last call (the turn is passed on only then)

if redis.call('exists', inflight, receipts, payloads, stream, paused) > 0 then
  if redis.call('exists', stream) == 1 then return -3 end
  return -2
end
--#include "common/zset_pop.lua"
return pop_due(queue, wakeup, count, woken, waiting)
