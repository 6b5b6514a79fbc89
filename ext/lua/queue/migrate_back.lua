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
-- Payloads by reference (M's p) stay on until the stream goes, with M, so that
-- no worker copies a payload meanwhile. A payload an entry refers to stays where
-- it is (P or Q); one in the entry is copied into P. A
-- call ends once it has copied BYTES of payload (after one task at least), the
-- page then full. Once the stream is empty the payloads of Q (tasks in Z or
-- dead) join P, where the zset layout keeps them: Q is renamed P when P is gone
-- (nothing is copied), else the smaller of the two is copied into the other, a
-- page and BYTES at most per call (P's payload wins for an id in both, as
-- common/stream.lua reads them). Then the stream goes, with its index,
-- deadlines and the settings' stream state (r, p, n, c; the settings v, m and b
-- stay): the queue is on the zset layout again. Returns [moved, settled, whether a page was full,
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
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @key   deadlines string                     L, the stream's deadline index
-- @key   paused    string                     G, the pause: exists while the queue is paused
-- @key   counts    string                     C, the queue's counters (common/counts.lua)

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
-- The ready entries one at a time, so that what a call reads and copies ends at
-- BYTES of payload (after one entry at least) as well as at a page of entries.
local bytes, after = 0, '(' .. last
for i = 1, PAGE do
  if bytes >= BYTES then full = 1; break end
  local r = redis.call('xrange', stream, after, '+', 'count', 1)
  if #r == 0 then break end
  local e = r[1]
  if i == PAGE then full = 1 end
  after = '(' .. e[1]
  local f = fields_of(e[2])
  if f.p then bytes = bytes + #f.p end
  if f.i then
    local ms, seq = string.match(e[1], '^(%d+)%-(%d+)$')
    if redis.call('zadd', queue, 'nx', score(tonumber(ms) * 1000 + math.min(tonumber(seq), 999)), f.i) == 1 then
      if f.p then redis.call('hset', payloads, f.i, f.p) elseif not f.r then redis.call('hdel', payloads, f.i) end
      local a = tonumber(f.a) or 0
      if a > 0 then set_record(receipts, f.i, '', a, m, string.format('%.17g', b)) end
      moved = moved + 1
    elseif f.r == 'q' then
      -- Queued again into Z by a client of the zset layout, with its payload in P.
      redis.call('hdel', spare, f.i)
    end
  end
  unlink_entry(e[1], f.i)
end
if pel > 0 then
  -- A window of the PEL at a time (lapsed(): XPENDING IDLE would walk all of it
  -- when few have lapsed); while the walk has more to look at, the page is full.
  local expired = {}
  if bytes < BYTES then expired = lapsed(stream, settings, v) end
  if redis.call('hexists', settings, 'c') == 1 then full = 1 end
  local prev
  for _, p in ipairs(expired) do
    local eid, deliveries = p[1], tonumber(p[4])
    if bytes >= BYTES then
      -- Past the byte budget: the walk resumes at this one in the next call.
      redis.call('hset', settings, 'c', '(' .. prev)
      full = 1
      break
    end
    prev = eid
    local got = redis.call('xrange', stream, eid, eid)
    redis.call('xack', stream, 'rl', eid)
    pel = pel - 1
    if #got > 0 then
      local f = fields_of(got[1][2])
      local took = f.i and not redis.call('zscore', queue, f.i)
      unlink_entry(eid, f.i)
      -- A parked run that took this one's place (into Z) keeps its payload, in
      -- the other hash; this run's goes.
      if took and f.r and redis.call('zscore', queue, f.i) then redis.call('hdel', slot(payloads, spare, f.r), f.i) end
      if f.p then bytes = bytes + #f.p end
      if f.i then
        if f.p and not redis.call('zscore', queue, f.i) then redis.call('hset', payloads, f.i, f.p) end
        set_record(receipts, f.i, '', (tonumber(f.a) or 0) + deliveries, m, string.format('%.17g', b))
        settle(queue, receipts, dead, f.i, nil, counts)
        settled = settled + 1
      end
    end
  end
end
if moved + settled > 0 then wake(wakeup, moved + settled, redis.call('exists', paused) == 1) end
local gone = 0
if pel == 0 and redis.call('xlen', stream) == 0 then
  if redis.call('exists', spare) == 1 then
    if redis.call('exists', payloads) == 0 then
      redis.call('rename', spare, payloads)
    else
      -- Both hold payloads: the smaller one's go into the other, a page of them.
      local from, into, keep = spare, payloads, 'hsetnx'
      if redis.call('hlen', spare) > redis.call('hlen', payloads) then from, into, keep = payloads, spare, 'hset' end
      for _, id in ipairs(redis.call('hrandfield', from, PAGE)) do
        if bytes >= BYTES then break end
        local p = redis.call('hget', from, id)
        redis.call(keep, into, id, p)
        redis.call('hdel', from, id)
        bytes = bytes + #p
      end
      if redis.call('exists', payloads) == 0 then redis.call('rename', spare, payloads) end
    end
  end
  if redis.call('exists', spare) == 1 then
    full = 1
  else
    -- The settings stay (v, m and b: a worker that reserved on the stream just
    -- before may still count on them, and a migrate() back onto it finds them),
    -- the stream's state goes.
    redis.call('unlink', stream, index, deadlines)
    redis.call('hdel', settings, 'r', 'p', 'n', 'c')
    gone = 1
  end
end
return {moved, settled, full, pel, gone, redis.call('zcard', queue)}
