--redislock:migrate_back
--
-- Takes a queue back to the zset layout (migrate(back: true)), a page at a time,
-- so that workers of a release before the stream layout see its tasks: moves a
-- page of the stream's ready entries (never delivered) into Z, each due at its
-- entry's time (the ms of its id, plus its sequence number in µs, so that the
-- entries of one ms keep their order), its payload into P and its carried attempts into its record H;
-- then settles the reservations in flight on the stream that have been idle for
-- the queue's visibility (their worker is gone: a live one's heartbeat keeps
-- them fresh) as an expiry does (backoff into Z, or dead once their attempts are
-- used up), found a window of the PEL at a time (lapsed(): at most 100 among 1000
-- entries, the walk resuming where the call before stopped; the page counts as
-- full while the walk has more of the PEL to look at). The other reservations drain: their acks still work.
-- Once the stream is empty it goes, with its index, settings and deadlines: the queue is on
-- the zset layout again. Returns [moved, settled, whether a page was full,
-- reservations left in flight on the stream, whether the stream is gone, tasks
-- in Z].
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
-- @key   deadlines string                     L, the stream's deadline index

--#include "common/tasks.lua"
--#include "common/page.lua"
--#include "common/stream.lua"
local last, pel = group_of(stream)
if not last then
  if redis.call('exists', stream) == 0 then return {0, 0, 0, 0, 1, redis.call('zcard', queue)} end
  last, pel = '0-0', 0
end
local m = tonumber(redis.call('hget', settings, 'm')) or 0
local b = (tonumber(redis.call('hget', settings, 'b')) or 0) / 1000
local v = tonumber(redis.call('hget', settings, 'v')) or 30000
-- The entry's run leaves the stream: out of it and of the index.
-- A run parked behind this entry (enqueued again while it ran) goes into Z with
-- its due time; its payload is already in P.
local function unlink_entry(eid, id)
  redis.call('xdel', stream, eid)
  if not id then return end
  local xe, parked = index_of(redis.call('hget', index, id))
  if xe ~= eid then return end
  redis.call('hdel', index, id)
  if parked ~= '' then
    redis.call('zadd', queue, 'nx', parked, id)
    redis.call('hincrby', settings, 'r', -1)
  end
end
local moved, settled, full = 0, 0, 0
local ready = redis.call('xrange', stream, '(' .. last, '+', 'count', PAGE)
if #ready == PAGE then full = 1 end
for _, e in ipairs(ready) do
  local f = fields_of(e[2])
  if f.i then
    local ms, seq = string.match(e[1], '^(%d+)%-(%d+)$')
    if redis.call('zadd', queue, 'nx', score(tonumber(ms) * 1000 + math.min(tonumber(seq), 999)), f.i) == 1 then
      if f.p then redis.call('hset', payloads, f.i, f.p) else redis.call('hdel', payloads, f.i) end
      local a = tonumber(f.a) or 0
      if a > 0 then set_record(receipts, f.i, '', a, m, string.format('%.17g', b)) end
      moved = moved + 1
    end
  end
  unlink_entry(e[1], f.i)
end
if pel > 0 then
  -- A window of the PEL at a time (lapsed(): XPENDING IDLE would walk all of it
  -- when few have lapsed); while the walk has more to look at, the page is full.
  local expired = lapsed(stream, settings, v)
  if redis.call('hexists', settings, 'c') == 1 then full = 1 end
  for _, p in ipairs(expired) do
    local eid, deliveries = p[1], tonumber(p[4])
    local got = redis.call('xrange', stream, eid, eid)
    redis.call('xack', stream, 'rl', eid)
    pel = pel - 1
    if #got > 0 then
      local f = fields_of(got[1][2])
      unlink_entry(eid, f.i)
      if f.i then
        if f.p and not redis.call('zscore', queue, f.i) then redis.call('hset', payloads, f.i, f.p) end
        set_record(receipts, f.i, '', (tonumber(f.a) or 0) + deliveries, m, string.format('%.17g', b))
        settle(queue, receipts, dead, f.i, nil)
        settled = settled + 1
      end
    end
  end
end
if moved + settled > 0 then wake(wakeup, moved + settled) end
local gone = 0
if pel == 0 and redis.call('xlen', stream) == 0 then
  redis.call('unlink', stream, index, settings, deadlines)
  gone = 1
end
return {moved, settled, full, pel, gone, redis.call('zcard', queue)}
