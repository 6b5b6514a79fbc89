--redislock:purge_dead
--
-- Drops every dead letter, its record and its payload. Returns how many.
--
-- @name  purgeDead script
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id

--#include "common/chunked.lua"
local ids = redis.call('zrange', KEYS[5], 0, -1)
if #ids == 0 then return 0 end
chunked({'hdel', KEYS[4]}, ids)
chunked({'hdel', KEYS[6]}, ids)
redis.call('del', KEYS[5])
return #ids
