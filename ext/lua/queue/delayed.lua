--redislock:delayed
--
-- The tasks not due yet, without changing them, earliest due first: [more,
-- after, after_score, then per task id, score, attempts, payload] (attempts:
-- the runs it has had since it was last finished, from its record; payload:
-- false when the task has none). At most a page of them, from the rank after the
-- last task of the page before (rank_after()), and never below the first task
-- not due by the server's clock. The page also ends once it carries BYTES of
-- payloads (after one task at least): more is 1 when it ended full or on that
-- budget, and the caller asks again from after and after_score (the last task
-- listed), 0 when nothing is left. Both layouts keep delayed tasks in Z, their
-- payloads in P (or Q, a payload by reference of a run parked behind one of its
-- id). A run parked behind its run in flight on the stream layout is not in Z:
-- reserved() shows its due time on the run it waits for.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   receipts  string                     H, the reservations' records
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @arg   count     integer                    how many tasks at most (a page at most)
-- @arg   after     string or ''               the last task of the page before ('': none)
-- @arg   after_score string or ''             its score, as the page before gave it

--#include "common/now.lua"
--#include "common/page.lua"
--#include "common/tasks.lua"
-- The most attempts a view answers (a record written by hand may hold more digits).
local MAX_COUNT = 9007199254740991
local n = page(count)
local from = rank_after(queue, after, after_score)
local first = redis.call('zcount', queue, '-inf', score(now_us))
if from < first then from = first end
local out, bytes, listed = {0, '', ''}, 0, 0
if n == 0 then return out end
local items = redis.call('zrange', queue, from, from + n - 1, 'withscores')
for i = 1, #items, 2 do
  local id = items[i]
  local p = redis.call('hget', payloads, id)
  if not p then p = redis.call('hget', spare, id) end
  local _, a = record(receipts, id)
  out[#out + 1] = id; out[#out + 1] = items[i + 1]; out[#out + 1] = math.min(a, MAX_COUNT); out[#out + 1] = p
  out[2], out[3] = id, items[i + 1]
  listed = listed + 1
  bytes = bytes + (p and #p or 0)
  if bytes >= BYTES then out[1] = 1; return out end
end
if listed == n then out[1] = 1 end
return out
