--redislock:remove
--
-- Gone from the queue, the tasks in flight and the dead letters, with its payload.
--
-- @name  remove script
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @arg   id        string                     the task id

local n = redis.call('zrem', KEYS[1], ARGV[1]) + redis.call('zrem', KEYS[2], ARGV[1]) + redis.call('zrem', KEYS[5], ARGV[1])
redis.call('hdel', KEYS[4], ARGV[1])
redis.call('hdel', KEYS[6], ARGV[1])
return n
