--redislock:purge_dead
--
-- Drops the first page of the dead letters that died at died_by or before, their
-- records and their payloads. Returns [how many, died_by] (died_by: now when none was
-- given), so that a caller paging through them never drops a task that died after
-- its first page.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @arg   died_by   string or ''               the latest time of death dropped ('': now)

--#include "common/now.lua"
--#include "common/chunked.lua"
--#include "common/page.lua"
local last = died_by
if last == '' then last = score(now_us) end
local ids = redis.call('zrangebyscore', dead, '-inf', last, 'limit', 0, PAGE)
if #ids == 0 then return {0, last} end
chunked({'hdel', receipts}, ids)
chunked({'hdel', payloads}, ids)
chunked({'hdel', spare}, ids)
chunked({'zrem', dead}, ids)
return {#ids, last}
