--redislock:remove
--
-- Gone from the queue, the tasks in flight and the dead letters, with its payload.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @arg   id        string                     the task id

local n = redis.call('zrem', queue, id) + redis.call('zrem', inflight, id) + redis.call('zrem', dead, id)
redis.call('hdel', receipts, id)
redis.call('hdel', payloads, id)
return n
