--redislock:retry_dead
--
-- Dead letters go back into the queue, due now, with their attempts forgotten and
-- their payloads kept: the ids given (a page at most), or without ids the first
-- page of those that died at died_by or before. Returns [how many, died_by] (died_by:
-- now when none was given), so that a caller paging through all of them never
-- revives a task that died after its first page. On the stream layout they go
-- onto the stream (each an entry with its payload), unless queued already, up to
-- BYTES of payload copied (with payloads by reference, M's p, none is: they all
-- go, their payloads staying where they are); the others wait in Z, due now, for
-- the upkeep.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   stream    string                     S, the stream of ready and in-flight tasks (group rl)
-- @key   index     string                     X, the stream's index: id -> entry id
-- @key   settings  string                     M, the queue's settings (v, m, b)
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @key   paused    string                     G, the pause: exists while the queue is paused
-- @key   keyed     string                     K, submit()'s uniqueness keys (common/keyed.lua)
-- @arg   streams   flag '1' '0'               whether they may go onto the stream (when the queue is on it)
-- @arg   died_by   string or ''               without ids: the latest time of death revived ('': now)
-- @arg   id        owned string, list         the ids to revive; none for the first page of all

--#include "common/tasks.lua"
--#include "common/page.lua"
--#include "common/stream.lua"
--#include "common/keyed.lua"
local last = died_by
if last == '' then last = score(now_us) end
if #ARGV - 2 > PAGE then return redis.error_reply('ERR over ' .. PAGE .. ' ids in one call') end
local ids = {}
if #ARGV == 2 then
  ids = redis.call('zrangebyscore', dead, '-inf', last, 'limit', 0, PAGE)
else
  -- The ids given that are dead, each once.
  local seen = {}
  for i = 3, #ARGV do
    local id = ARGV[i]
    if not seen[id] and redis.call('zscore', dead, id) then seen[id] = true; ids[#ids + 1] = id end
  end
end
if #ids == 0 then return {0, last} end
local due, members = score(now_us), {}
for _, id in ipairs(ids) do members[#members + 1] = due; members[#members + 1] = id end
chunked({'zrem', dead}, ids)
chunked({'hdel', receipts}, ids)
-- A revived run starts from nothing: it lets go of a key its id's earlier run held.
if redis.call('exists', keyed) == 1 then
  for _, id in ipairs(ids) do let_go_if_gone(keyed, queue, inflight, index, id) end
end
if streams == '1' and group_of(stream) then
  -- Onto the stream, unless queued already; one whose earlier run is still in
  -- flight is parked behind it in X (its payload stays where it is), as an id enqueued
  -- again is, and runs once that run ends.
  -- Past BYTES of payload copied onto the stream, the rest wait in Z, due now,
  -- their payloads where they are: the upkeep moves them onto the stream as any due task.
  local bytes, ref = 0, by_ref(settings)
  for _, id in ipairs(ids) do
    local x, parked = index_of(redis.call('hget', index, id))
    if redis.call('zscore', queue, id) then
    elseif x then
      if parked == '' and pending(stream, x) then
        redis.call('hset', index, id, x .. '|' .. due)
        redis.call('hincrby', settings, 'r', 1)
      end
    elseif bytes >= BYTES then
      redis.call('zadd', queue, due, id)
    else
      bytes = bytes + promote(queue, payloads, receipts, stream, index, spare, id, ref)
    end
  end
else
  chunked({'zadd', queue, 'nx'}, members)
  wake(wakeup, #ids, redis.call('exists', paused) == 1)
end
return {#ids, last}
