--redislock:top
--
-- Due tasks, lowest score first, without taking them: [id, score, payload, ...]
-- (payload: nil when the task has none).
--
-- @name  top script
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @arg   count     integer                    how many tasks at most

--#include "common/now.lua"
--#include "common/payloads.lua"
local items = redis.call('zrangebyscore', KEYS[1], '-inf', score(now_us), 'withscores', 'limit', 0, ARGV[1])
local ids, out = {}, {}
for i = 1, #items, 2 do ids[#ids + 1] = items[i] end
local payloads = payloads_of(KEYS[6], ids)
for k = 1, #ids do out[#out + 1] = ids[k]; out[#out + 1] = items[2 * k]; out[#out + 1] = payloads[k] end
return out
