--redislock:top
--
-- Due tasks, lowest score first, without taking them: [id, score, payload, ...]
-- (payload: nil when the task has none). At most a page of them, from the rank
-- after the last task of the page before (rank_after()).
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @arg   count     integer                    how many tasks at most (a page at most)
-- @arg   after     string or ''               the last task of the page before ('': none)
-- @arg   after_score string or ''             its score, as the page before gave it

--#include "common/now.lua"
--#include "common/page.lua"
--#include "common/payloads.lua"
local from = rank_after(queue, after, after_score)
local items = redis.call('zrange', queue, from, from + page(count) - 1, 'withscores')
local now, ids, out = tonumber(score(now_us)), {}, {}
for i = 1, #items, 2 do
  if tonumber(items[i + 1]) > now then break end
  ids[#ids + 1] = items[i]
end
local bodies = payloads_of(payloads, ids)
for k = 1, #ids do out[#out + 1] = ids[k]; out[#out + 1] = items[2 * k]; out[#out + 1] = bodies[k] end
return out
