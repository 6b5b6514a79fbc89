--redislock:remove
--
-- Gone from the queue, the tasks in flight and the dead letters, with its payload:
-- on the stream layout its entry too, ready or in flight (a run in flight then
-- finds its ack refused, as on the zset layout).
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

local n = redis.call('zrem', queue, id) + redis.call('zrem', inflight, id) + redis.call('zrem', dead, id)
local v = redis.call('hget', index, id)
if v then
  local eid = string.match(v, '^(%d+%-%d+)')
  redis.call('hdel', index, id)
  if string.find(v, '|', 1, true) then redis.call('hincrby', settings, 'r', -1) end
  if eid then
    redis.call('xack', stream, 'rl', eid)
    n = n + redis.call('xdel', stream, eid)
  end
end
redis.call('hdel', receipts, id)
redis.call('hdel', payloads, id)
redis.call('hdel', spare, id)
return n
