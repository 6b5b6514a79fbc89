--redislock:dequeue
--
-- Removes the task only if its stored score is still exactly that score. A task
-- on the stream (ready, never delivered) has the score of its entry id: the ms
-- it was appended, in seconds, as top() gives it; one in flight is not queued
-- and is left alone, as on the zset layout.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   stream    string                     S, the stream of ready and in-flight tasks (group rl)
-- @key   index     string                     X, the stream's index: id -> entry id
-- @key   settings  string                     M, the queue's settings (v, m, b)
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @arg   id        string                     the task id
-- @arg   score     number                     the score it must still have

--#include "common/stream.lua"
local s = redis.call('zscore', queue, id)
if s and tonumber(s) == tonumber(score) then
  redis.call('zrem', queue, id)
  -- Its record and payload go with it, unless a run of it is in flight (they
  -- are that run's).
  if not redis.call('zscore', inflight, id) then
    redis.call('hdel', receipts, id)
    redis.call('hdel', payloads, id)
    redis.call('hdel', spare, id)
  end
  return 1
end
local v = redis.call('hget', index, id)
local eid = v and string.match(v, '^(%d+%-%d+)')
if not eid or entry_ms(eid) / 1000 ~= tonumber(score) or pending(stream, eid) then return 0 end
redis.call('hdel', index, id)
-- A payload by reference goes with it (no other run of the id holds one).
redis.call('hdel', payloads, id)
redis.call('hdel', spare, id)
return redis.call('xdel', stream, eid)
