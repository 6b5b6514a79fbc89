--redislock:dead
--
-- The oldest dead letters: [id, time died, attempts, payload, ...] (payload: nil
-- when the task has none). At most a page of them, from the rank after the last
-- dead letter of the page before (rank_after()).
--
-- @name  dead script
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @arg   count     integer                    how many at most (a page at most)
-- @arg   after     string or ''               the last dead letter of the page before ('': none)
-- @arg   after_score string or ''             its time, as the page before gave it

--#include "common/tasks.lua"
--#include "common/page.lua"
--#include "common/payloads.lua"
local out, ids = {}, {}
local from = rank_after(KEYS[5], ARGV[2], ARGV[3])
local dead = redis.call('zrange', KEYS[5], from, from + page(ARGV[1]) - 1, 'withscores')
for i = 1, #dead, 2 do ids[#ids + 1] = dead[i] end
local payloads = payloads_of(KEYS[6], ids)
for k = 1, #ids do
  local _, a = record(KEYS[4], ids[k])
  out[#out + 1] = ids[k]; out[#out + 1] = dead[2 * k]; out[#out + 1] = a; out[#out + 1] = payloads[k]
end
return out
