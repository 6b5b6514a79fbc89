--redislock:submit
--
-- Adds one run of one id unless its uniqueness mode says it is a duplicate, in
-- one call: returns 'queued' (a run was added: at the end of the queue, delayed,
-- or parked behind the run in flight), 'duplicate' (nothing changed) or
-- 'debounced' (the waiting run took the payload, and a new due time unless it
-- was due already: then it keeps its due time and, where it can, its place). The
-- uniqueness is the task's presence: a run waiting (queued, delayed, or parked
-- behind a run in flight) or in flight, as the keys hold it, never a lock of its
-- own. U remembers only times: "w<id>" the end of a window, "f<id>" the latest due
-- time a debounced run may be given (its first submit + maxWait), "v<key>" the end
-- of a window by key, "c<id>" the end
-- of an 'until_done' run's uniqueness in flight when the submit that queued it
-- capped it (span; any other submit that queues a run of the id forgets it); all
-- in µs as scores (exact below 2^53), pruned a few a call once past, the key
-- expiring with its last member.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   stream    string                     S, the stream of ready and in-flight tasks (stream layout)
-- @key   index     string                     X, id -> entry id of the tasks in S
-- @key   settings  string                     M, the queue\'s settings (r: runs parked in X; p: payloads
--                                             by reference)
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @key   unique    string                     U, the remembered times (zset: "w<id>", "f<id>" or "c<id>" -> µs)
-- @key   deadlines string                     L, the stream layout's entry id -> when its reservation may
--                                             have lapsed (ms)
-- @key   paused    string                     G, the pause: exists while the queue is paused
-- @key   keyed     string                     K, the uniqueness keys (common/keyed.lua)
-- @key   counts    string                     C, the queue's counters (common/counts.lua)
-- @arg   streamed  flag '1' '0'               whether the queue may be on the stream layout (its S exists)
-- @arg   id        string                     the task id
-- @arg   mode      text                       none, until_started, until_done, window or debounce
-- @arg   delay     number                     the delay (s)
-- @arg   span      number                     window: its length (s); debounce: the most wait (s, 0: none);
--                                             until_done: the cap on its uniqueness in flight (s, 0: none)
-- @arg   carries   flag '1' '0'               whether the task carries a payload
-- @arg   payload   string or ''               the payload
-- @arg   has_key   flag '1' '0'               whether the uniqueness is by a key rather than the id
-- @arg   ukey      string or ''               the uniqueness key

--#include "common/tasks.lua"
--#include "common/stream.lua"
--#include "common/put.lua"
--#include "common/keyed.lua"
-- S counted twice: 2 or 3 on the stream layout, 1 or 3 while paused; K four
-- times: 4 more when any key is held; in one call.
local held = redis.call('exists', stream, stream, paused, keyed, keyed, keyed, keyed)
local keys_held = held >= 4
held = held % 4
local on_stream = streamed == '1' and held >= 2
local p, span_us = carries == '1' and payload, math.floor(tonumber(span) * 1000000 + 0.5)
-- Forget up to 16 times that are past (the key's expiry takes the rest).
local old = redis.call('zrangebyscore', unique, '-inf', '(' .. string.format('%d', now_us), 'limit', 0, 16)
if #old > 0 then redis.call('zrem', unique, unpack(old)) end
if mode == 'window' then
  local w = redis.call('zscore', unique, 'w' .. id)
  if w and tonumber(w) > now_us then return 'duplicate' end
end
-- What the keys hold of task x: a run waiting (its due time, s), whether one is
-- in flight, and (stream layout) the entry of a run waiting ready. On the zset
-- layout a run enqueued during the one in flight waits in Z; on the stream
-- layout it is parked in X ("<entry>|<due>").
-- For 'until_done', a reservation whose worker let it lapse is settled first,
-- as the next reserve() would settle it: back in the queue (still a duplicate),
-- or dead at its last attempt (the id free: no uniqueness outlives the
-- reservation's visibility). For 'debounce' too: the run back in the queue
-- waits for its retry, and the debounce replaces it (its attempts from 0).
local function look(x, settling)
  local f = redis.call('zscore', inflight, x)
  if f and settling and tonumber(f) * 1000000 <= now_us then
    redis.call('zrem', inflight, x)
    settle(queue, receipts, dead, x, nil, counts)
    if redis.call('zscore', queue, x) then wake(wakeup, 1, held % 2 == 1) end
    f = false
  end
  local flying, due, ready = f ~= false, redis.call('zscore', queue, x), nil
  if on_stream then
    local e, parked = index_of(redis.call('hget', index, x))
    local pe = e and redis.call('xpending', stream, 'rl', e, e, 1)[1]
    local v = pe and settling and tonumber(redis.call('hget', settings, 'v'))
    if v and pe[3] >= v then
      redis.call('zrem', deadlines, e)
      if string.find(pe[2], '~', 1, true) then pe[4] = 0 end
      settle_entry(queue, payloads, receipts, dead, stream, index, settings, spare, e, pe[4], nil, false, counts)
      e, parked = index_of(redis.call('hget', index, x))
      pe = e and redis.call('xpending', stream, 'rl', e, e, 1)[1]
      due = redis.call('zscore', queue, x)
    end
    if pe then
      flying = true
      if parked ~= '' then due = parked end
    elseif e then
      due, ready = entry_score(e), e
    end
  end
  return flying, due, ready
end
-- With a key, the key's holder (common/keyed.lua) comes first: while it holds the
-- key by the mode it was queued with ('s', 'b': waiting; 'd': waiting or in
-- flight, a lapsed reservation settled first) and within its cap, another id's
-- submit is a duplicate, or (debounce) debounces the holder's waiting run
-- instead. A holder gone (acked, dead, removed) or past its cap holds nothing:
-- the id's own rules follow, and a run queued now takes the key. A window by key
-- is a time in U ("v<key>"), no holder; while it is open the key is held for
-- every mode, as a holder holds it for 'window' too.
local keyed_cap, keyed_mode = 0, ({until_started = 's', until_done = 'd', debounce = 'b'})[mode]
if has_key == '1' then
  -- A few holds whose holder is gone or past its cap, pruned (3 entries sampled a
  -- call, each of a pair: the key's, or the id's), and reverse entries of no hold.
  local some = keys_held and redis.call('hrandfield', keyed, 3, 'withvalues') or {}
  for i = 1, #some, 2 do
    local kind, name, v = string.sub(some[i], 1, 1), string.sub(some[i], 2), some[i + 1]
    local key, h, c = name, nil, 0
    if kind == 'k' then
      c, h = string.match(v, '^(%d+)|%a|(.*)$')
      c = tonumber(c)
    elseif kind == 'i' then
      key = v
      h, c = holder_of(keyed, key)
      if h ~= name then redis.call('hdel', keyed, some[i]); key = nil end
    end
    if key and key ~= ukey and (not h or (c > 0 and c <= now_us) or not has_run(queue, inflight, index, h)) then
      redis.call('hdel', keyed, 'k' .. key)
      if h and redis.call('hget', keyed, 'i' .. h) == key then redis.call('hdel', keyed, 'i' .. h) end
    end
  end
  -- A key is held by its window, or by its holder, whatever mode asks.
  local w = redis.call('zscore', unique, 'v' .. ukey)
  if w and tonumber(w) > now_us then return 'duplicate' end
  if span_us > 0 and mode ~= 'debounce' and mode ~= 'window' then keyed_cap = now_us + span_us end
  local h, c, m = holder_of(keyed, ukey)
  if h and h ~= id and (c == 0 or c > now_us) then
    local hf, hd = look(h, m == 'd' or mode == 'debounce')
    if hd and mode == 'debounce' then
      id = h
    elseif hd or (hf and m == 'd') then
      return 'duplicate'
    end
  end
end
local flying, due_now, ready = look(id, mode == 'until_done' or mode == 'debounce')
if mode == 'until_done' and (due_now or flying) then
  -- With a cap, a run in flight is a duplicate only until the time remembered
  -- for it (the submit with a cap that queued it + the cap); past that time, or
  -- with none remembered, it gets a run parked behind it, as 'none' does. A run
  -- waiting is a duplicate whatever the cap.
  if due_now or span_us == 0 then return 'duplicate' end
  local c = redis.call('zscore', unique, 'c' .. id)
  if c and tonumber(c) > now_us then return 'duplicate' end
end
if due_now and mode ~= 'debounce' then return 'duplicate' end
local changed = 0
-- With payloads by reference, a debounced run goes onto the stream by
-- reference, however small its payload, so that a later debounce can replace it
-- in place.
local ref = on_stream and by_ref(settings)
if ref and mode == 'debounce' then ref = 'all' end
local function put(due, replace)
  if on_stream then
    changed = put_stream(queue, inflight, payloads, receipts, stream, index, settings, spare, id, p, due, replace,
      ref, false)
  else
    changed = put_zset(queue, payloads, id, p, due, replace)
    wake(wakeup, 1, held % 2 == 1)
  end
end
-- Remembers key k of U until µs, the key expiring with its latest member.
local function remember(k, us)
  redis.call('zadd', unique, string.format('%d', us), k)
  local last = redis.call('zrange', unique, -1, -1, 'withscores')
  redis.call('pexpireat', unique, string.format('%d', math.floor(tonumber(last[2]) / 1000) + 1))
end
local at = us_after(delay)
if due_now then
  -- debounce, a run waiting. A run waiting for a retry (released, backing off,
  -- a lapsed reservation back) starts afresh with the payload it takes: that is
  -- new work, and the attempts the run it replaces used are not its own. Its
  -- record goes (not a run's in flight: flying, whose record it is), and an
  -- entry that carries attempts is written anew.
  local retried = false
  if not flying then
    local _, a = record(receipts, id)
    if a > 0 then redis.call('hdel', receipts, id); retried = true end
  end
  if ready and not retried then
    local _, _, a = entry(stream, ready)
    retried = a ~= nil and a > 0
  end
  -- One due already (overdue; on the stream layout every entry waiting ready
  -- is) keeps its due time and takes the payload: debouncing never pushes an
  -- overdue run back, whatever maxWait.
  if tonumber(due_now) * 1000000 <= now_us then
    if ready and not retried then
      -- A ready entry keeps its place (the stream's order) when its payload can
      -- change without it: one by reference takes the new bytes in its hash
      -- (the run waits undelivered: no worker has read that hash for it yet);
      -- one with no payload stays as it is when none comes. Else (its bytes in
      -- the entry, or a payload given or taken away) a new entry goes to the end.
      local there, inline, _, r = entry(stream, ready)
      if there and r and p then
        redis.call('hset', slot(payloads, spare, r), id, p)
        return 'debounced'
      end
      if there and not r and not inline and not p then return 'debounced' end
    end
    put(due_now, true)
    return 'debounced'
  end
  -- Not due yet: due at now + delay, but with maxWait never later than the time
  -- remembered for it (remembered now when none is, or it passed).
  if span_us > 0 then
    local cap = tonumber(redis.call('zscore', unique, 'f' .. id))
    if not cap or cap < now_us then cap = now_us + span_us; remember('f' .. id, cap) end
    if at > cap then at = cap end
  end
  put(score(at), true)
  return 'debounced'
end
if redis.call('exists', dead) == 1 then revive(dead, receipts, payloads, spare, id) end
put(score(at), false)
if changed == 0 then return 'duplicate' end
if mode == 'window' then remember('w' .. id, now_us + span_us)
elseif mode == 'debounce' and span_us > 0 then remember('f' .. id, now_us + span_us)
end
-- The cap belongs to the run queued now: set by a capped 'until_done', else forgotten.
if mode == 'until_done' and span_us > 0 then remember('c' .. id, now_us + span_us)
else redis.call('zrem', unique, 'c' .. id) end
-- A run that starts from nothing lets go of the key its id's earlier run held,
-- then takes the one it was submitted with (whose earlier holder lets go of it).
if keys_held and not flying then let_go(keyed, id) end
if has_key == '1' then
  if mode == 'window' then
    remember('v' .. ukey, now_us + span_us)
  else
    local h = holder_of(keyed, ukey)
    if h and h ~= id and redis.call('hget', keyed, 'i' .. h) == ukey then redis.call('hdel', keyed, 'i' .. h) end
    if flying then let_go(keyed, id) end
    redis.call('hset', keyed, 'k' .. ukey, string.format('%d', keyed_cap) .. '|' .. keyed_mode .. '|' .. id, 'i' .. id, ukey)
  end
end
return 'queued'
