--redislock:stream_idle
--
-- The stream layout's upkeep, run by a reserve() that found nothing and once a
-- second by a busy worker, ahead of its XREADGROUP: answers [-2, 0] and does
-- nothing when the stream is missing (the queue is on the zset layout; only
-- migrate() moves it), creates the group when it is missing, records the
-- queue's settings (the visibility only ever raised), settles the expired reservations of the zset layout (F), moves the
-- due ids of Z to the stream (not an id whose run is still in flight: it moves
-- when that run ends; one that waits on the stream already, queued again by a
-- zset-layout client, is dropped from Z: it runs once), adds the deliveries
-- made since the last upkeep to the deadline index L, and settles the
-- reservations idle for the queue's visibility (their worker died or stalled),
-- found at the head of L whatever the number in flight: backoff into Z, or dead
-- with their payload when their attempts are used up; the moves of one call
-- end once they have copied BYTES of payload (after one task at least): with
-- payloads by reference (M's p) they copy none. Returns [the milliseconds
-- until something may become takeable (a delayed task, an expiring
-- reservation), 0 when more is due than one call moves, -1 for nothing
-- scheduled; the queue's visibility in ms]. A reservation asked for a shorter
-- visibility than the queue's is given the difference as idle time by the
-- reserver (stream_shorten), so it expires after its own. It parks or unparks
-- the group as the queue's pause says (common/pause.lua); while paused the
-- hint is the pause's end, or -1 until resume() (a lapsing reservation still
-- counts).
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the zset layout's tasks in flight by deadline
-- @key   wakeup    string                     W, the zset layout's wake-up list
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   stream    string                     S, the stream of ready and in-flight tasks
-- @key   index     string                     X, id -> entry id of the tasks in S
-- @key   meta      string                     M, the queue's settings
-- @key   deadlines string                     L, entry id -> when its reservation may have lapsed (ms)
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @key   paused    string                     G, the pause: exists while the queue is paused
-- @key   counts    string                     C, the queue's counters (common/counts.lua)
-- @arg   setup     flag '1' '0'               whether to create the group if missing (NOGROUP seen)
-- @arg   visibility integer                   the visibility asked for (ms)
-- @arg   attempts  integer                    the most reservations a task gets (0: no limit)
-- @arg   backoff   integer                    the backoff (ms) after a first failed attempt
-- @arg   waiting   flag '1' '0'               whether the caller wants the hint

--#include "common/tasks.lua"
--#include "common/page.lua"
--#include "common/stream.lua"
--#include "common/pause.lua"
-- Not on the stream layout: only migrate() moves a queue there. S counted twice
-- and G once: 3 when the queue is paused, in the same call.
local held = redis.call('exists', stream, stream, paused)
if held < 2 then return {-2, 0} end
if setup == '1' then
  redis.pcall('xgroup', 'create', stream, 'rl', '0')
  -- A new group delivers from the stream's start: the deadline index starts over.
  redis.call('hdel', meta, 'n')
  redis.call('unlink', deadlines)
end
local s = redis.call('hmget', meta, 'v', 'm', 'b', 'z')
-- The group parked while the queue is paused, unparked once it is not (z: it
-- may be parked still, after a pause for a time ended).
local left = -2
if held == 3 or s[4] then left = pause_sync(stream, paused, meta) end
local v = tonumber(s[1]) or tonumber(visibility)
write_limits(meta, s, attempts, backoff)
local busy = settle_expired(queue, inflight, receipts, dead, PAGE, counts)
snapshot(counts, now_us)
local due = redis.call('zrangebyscore', queue, '-inf', score(now_us), 'limit', 0, PAGE)
-- The payload bytes this call has copied: past BYTES, the rest waits for the next.
local bytes, more, ref = 0, false, by_ref(meta)
for _, id in ipairs(due) do
  local x, parked = index_of(redis.call('hget', index, id))
  if not x then
    if not (busy and redis.call('zscore', inflight, id)) then
      if bytes >= BYTES then more = true; break end
      bytes = bytes + promote(queue, payloads, receipts, stream, index, spare, id, ref)
    end
  elseif parked == '' and not pending(stream, x) then
    -- Queued again into Z by a client that knows only the zset layout while the
    -- task waits on the stream, not yet delivered: the same task twice. It keeps
    -- its place on the stream, as an enqueue of a waiting id does on either
    -- layout, and runs once.
    redis.call('zrem', queue, id)
    if redis.call('hexists', payloads, id) == 1 then
      -- Its payload, unless the waiting entry's payload is P's (by reference).
      local _, _, _, r = entry(stream, x)
      if r ~= 'p' then redis.call('hdel', payloads, id) end
    end
  end
end
local behind = index_new(stream, meta, deadlines, v)
local expired = lapsed_due(stream, deadlines, v)
for i, e in ipairs(expired) do
  if bytes >= BYTES then
    -- Past the byte budget: the lapsed ones left stay due in L for the next call.
    local now_ms = math.floor(now_us / 1000)
    for j = i, #expired do redis.call('zadd', deadlines, now_ms, expired[j][1]) end
    more = true
    break
  end
  local _, n = settle_entry(queue, payloads, receipts, dead, stream, index, meta, spare, e[1], e[4], nil, false, counts)
  bytes = bytes + n
end
-- Raised after the sweep: the reservations made under the shorter visibility
-- that have run out by now are settled by it.
if not s[1] or tonumber(visibility) > v then
  local nv = math.max(v, tonumber(visibility))
  raise_visibility(stream, meta, s[1] and v or 0, nv)
  v = nv
end
if waiting ~= '1' then return {-1, v} end
if more or #due >= PAGE or #expired >= 100 then return {0, v} end
local hint = -1
local function consider(ms) if ms < 0 then ms = 0 end; if hint < 0 or ms < hint then hint = ms end end
-- Paused: nothing is takeable before the pause ends, but a lapsed reservation
-- is still settled on time.
if left >= 0 then consider(left) end
local later = left == -2 and redis.call('zrangebyscore', queue, '(' .. score(now_us), '+inf', 'withscores', 'limit', 0, 1) or {}
if #later > 0 then consider(math.ceil((tonumber(later[2]) * 1000000 - now_us) / 1000)) end
local first = redis.call('zrange', deadlines, 0, 0, 'withscores')
if #first > 0 then consider(tonumber(first[2]) - math.floor(now_us / 1000)) end
if behind then consider(1000) end
if busy then
  local f = redis.call('zrange', inflight, 0, 0, 'withscores')
  if #f > 0 then consider(math.ceil((tonumber(f[2]) * 1000000 - now_us) / 1000)) end
end
return {hint, v}
