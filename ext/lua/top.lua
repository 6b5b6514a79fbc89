--redislock:top
--
-- Due tasks, lowest score first, without taking them.
--
-- @name  top script
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @arg   count     integer                    how many tasks at most

--#include "common/now.lua"
return redis.call('zrangebyscore', KEYS[1], '-inf', score(now_us), 'withscores', 'limit', 0, ARGV[1])
