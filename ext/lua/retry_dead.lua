--redislock:retry_dead
--
-- Dead letters go back into the queue, due now, with their attempts forgotten and
-- their payloads kept.
-- Returns how many.
--
-- @name  retryDead script
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @arg   id        owned string, list         the ids to revive; none for all

--#include "common/tasks.lua"
local ids = ARGV
if #ids == 0 then ids = redis.call('zrange', KEYS[5], 0, -1) end
local n = 0
for _, id in ipairs(ids) do
  if redis.call('zrem', KEYS[5], id) == 1 then
    redis.call('hdel', KEYS[4], id)
    redis.call('zadd', KEYS[1], 'nx', score(now_us), id)
    n = n + 1
  end
end
wake(KEYS[3], n)
return n
