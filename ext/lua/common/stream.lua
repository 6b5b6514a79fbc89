-- The stream layout of a queue: S a stream with the consumer group rl holding the
-- tasks that are ready or in flight (entry fields: i the id, p the payload when it
-- is carried in the entry, r the hash that holds it when it is not, a the
-- attempts carried from earlier runs when any), X a hash id -> entry id of every
-- task in S ("<entry id>|<due s>" while a run enqueued again during the current
-- one waits for it: the parked re-run), M the queue's settings (v the visibility
-- in ms, only ever raised; m the most attempts, 0: no limit; b the backoff in ms;
-- r how many runs are parked in X, for size() and stats(); p '1' while payloads
-- go by reference, see below; z '1' while the group is parked, see
-- common/pause.lua). Z, P, H and D keep their formats: Z holds the
-- tasks not in S (delayed, backed off, released with a delay, or queued by the
-- zset layout), an id in Z that X also holds waits there until its run ends. A
-- reservation is a delivery of the group: the PEL keeps its consumer, its
-- delivery time (the server's clock) and its delivery count.
-- Payloads by reference (M's p, which only migrate() sets and migrate(back:
-- true) clears): no script copies a payload of more than INLINE bytes. Such a
-- payload stays in the hash its producer wrote it to until its task ends: P[id],
-- the zset layout's place, or Q[id] for a run parked while an earlier run of its
-- id, whose payload is in P, was in flight. Its entry carries r ('p' or 'q': which
-- of the two) instead of the bytes, and a worker reads them with HGET. A payload
-- of INLINE bytes or fewer goes in its entry (p), as before the switch, so that
-- a worker's read of it is the plain XREADGROUP; the scripts that move tasks
-- copy at most BYTES of such payloads a call. A parked run's payload is in the hash its
-- running entry's is not (other()); outside S (in Z or D) an id has one run, whose
-- payload is P[id] when P has it, else Q[id] (home()). Entries of either form
-- are read at any time: those written with the bytes in p (before the switch,
-- or by a release that knows only that form) keep them until the task first
-- moves (settle_entry then leaves the payload in P or Q, once).
-- Needs common/now.lua included before (but for raise_visibility).
--#include "common/counts.lua"
local function by_ref(M) return redis.call('hget', M, 'p') == '1' end
-- The largest payload an entry carries with payloads by reference on.
local INLINE = 65536
local function home(P, Q, id)
  if redis.call('hexists', P, id) == 1 then return 'p' end
  if redis.call('hexists', Q, id) == 1 then return 'q' end
  return false
end
local function slot(P, Q, r) if r == 'q' then return Q end return P end
local function other(r) if r == 'p' then return 'q' end return 'p' end
-- The entry id of an index value, and the due time of its parked re-run ('' : none).
local function index_of(x)
  if not x then return nil, '' end
  local e, due = string.match(x, '^([^|]*)|?(.*)$')
  return e, due
end
local function carried(H, id)
  local v = redis.call('hget', H, id)
  if not v then return 0, false end
  return tonumber(string.match(v, '^[^|]*|(%d+)|') or '0'), true
end
local function append(S, X, id, p, a, r)
  local f = {'xadd', S, '*', 'i', id}
  if p then f[6] = 'p'; f[7] = p elseif r then f[6] = 'r'; f[7] = r end
  if a and a > 0 then f[#f + 1] = 'a'; f[#f + 1] = string.format('%d', a) end
  local eid = redis.call(unpack(f))
  redis.call('hset', X, id, eid)
  return eid
end
-- Moves id from Z to the end of S, with the attempts its record carries, and its
-- payload: by reference when ref and it is larger than INLINE (it stays in P or
-- Q), else copied into the entry. Returns the bytes copied.
local function promote(Z, P, H, S, X, Q, id, ref)
  local a, rec = carried(H, id)
  local r, p = home(P, Q, id), false
  if r and (not ref or redis.call('hstrlen', slot(P, Q, r), id) <= INLINE) then
    p = redis.call('hget', slot(P, Q, r), id)
    redis.call('hdel', slot(P, Q, r), id)
    r = false
  end
  append(S, X, id, p, a, r)
  redis.call('zrem', Z, id)
  if rec then redis.call('hdel', H, id) end
  return p and #p or 0
end
-- The id, payload carried in the entry (false: none), carried attempts and the
-- hash holding its payload by reference (false: none) of entry eid; nil when it
-- is gone.
local function entry(S, eid)
  local e = redis.call('xrange', S, eid, eid)
  if #e == 0 then return nil end
  local f, id, p, a, r = e[1][2], nil, false, 0, false
  for i = 1, #f, 2 do
    local k = f[i]
    if k == 'i' then id = f[i + 1] elseif k == 'p' then p = f[i + 1] elseif k == 'a' then a = tonumber(f[i + 1])
    elseif k == 'r' then r = f[i + 1] end
  end
  return id, p, a, r
end
-- A reservation of entry eid (delivered deliveries times) ends without an ack:
-- it expired (delay_us nil: the queue's backoff), was released (after delay_us),
-- or failed (dead). Dead when failed or when its attempts are used up (the
-- queue's max attempts), with the entry's payload; else due again, the attempts
-- carried. An id re-enqueued meanwhile (in Z) keeps that due time and payload,
-- and the run it parked becomes the one that runs. A payload by reference stays
-- where it is; one carried in the entry is copied (to P, or into the new entry).
-- Returns the id (nil: the entry was gone) and the payload bytes copied. With
-- the queue's counters C (common/counts.lua), a new dead letter counts in x,
-- and a lapsed run (delay_us nil, not dead) that is due again, or whose id's
-- run enqueued meanwhile takes over, in t.
local function settle_entry(Z, P, H, D, S, X, M, Q, eid, deliveries, delay_us, dead, C)
  local id, p, a, r = entry(S, eid)
  local size = p and #p or 0
  redis.call('xack', S, 'rl', eid)
  redis.call('xdel', S, eid)
  if not id then return nil, 0 end
  local xe, parked = index_of(redis.call('hget', X, id))
  if xe == eid then
    redis.call('hdel', X, id)
    if parked ~= '' then redis.call('hincrby', M, 'r', -1) end
  else
    parked = ''
  end
  local n = a + tonumber(deliveries)
  local s = redis.call('hmget', M, 'm', 'b')
  local m, b = tonumber(s[1]) or 0, tonumber(s[2]) or 0
  local rec = '|' .. string.format('%d', n) .. '|' .. string.format('%d', m) .. '|' .. string.format('%.17g', b / 1000)
  local gone = dead or (m > 0 and n >= m)
  if gone and parked == '' and not redis.call('zscore', Z, id) then
    redis.call('zadd', D, score(now_us), id)
    if C then tally(C, 'x') end
    if r then redis.call('hdel', slot(P, Q, other(r)), id)
    elseif p then redis.call('hset', P, id, p) else redis.call('hdel', P, id) end
    redis.call('hset', H, id, rec)
    return id, size
  end
  -- A lapsed run that is due again, or whose id's run enqueued meanwhile takes over.
  if C and not dead and not delay_us then tally(C, 't') end
  if gone then
    -- A run enqueued again during this one (parked, or a twin in Z) outlives
    -- it, as a new task (its attempts from 0), and this run leaves no dead
    -- letter: an id is dead or alive, and the end is the one an enqueue just
    -- after the failure gives (enqueue() of a dead id takes it out of D).
    redis.call('hdel', H, id)
    if parked ~= '' then
      redis.call('zadd', Z, parked, id)
      if r then redis.call('hdel', slot(P, Q, r), id) end
    elseif r == 'q' then
      redis.call('hdel', Q, id)
    end
  elseif parked ~= '' then
    -- The run enqueued again during this one takes its place, with its due
    -- time and payload (in the other hash); the attempts carry on.
    redis.call('zadd', Z, parked, id)
    redis.call('hset', H, id, rec)
    if r then redis.call('hdel', slot(P, Q, r), id) end
  elseif redis.call('zscore', Z, id) then
    redis.call('hset', H, id, rec)
    if r == 'q' then redis.call('hdel', Q, id) end
  else
    if not delay_us then
      delay_us = 0
      if b > 0 and n > 0 then delay_us = math.floor(math.min(b / 1000 * 2 ^ (n - 1), 3600) * 1000000) end
    end
    if delay_us <= 0 then
      -- An entry that carries a payload larger than INLINE (written before
      -- payloads by reference went on) leaves it, once, in a hash no run of its
      -- id holds: from then on it moves by reference, however often it is
      -- released or lapses.
      if p and #p > INLINE and by_ref(M) then
        local to = false
        if redis.call('hexists', P, id) == 0 then to = 'p' elseif redis.call('hexists', Q, id) == 0 then to = 'q' end
        if to then redis.call('hset', slot(P, Q, to), id, p); p, r = false, to end
      end
      append(S, X, id, p, n, r)
      return id, size
    end
    redis.call('zadd', Z, score(now_us + delay_us), id)
    if p then redis.call('hset', P, id, p) elseif not r then redis.call('hdel', P, id) end
    redis.call('hset', H, id, rec)
  end
  local due = redis.call('zscore', Z, id)
  if due and tonumber(due) * 1000000 <= now_us then size = size + promote(Z, P, H, S, X, Q, id, by_ref(M)) end
  return id, size
end
-- The entry id of id's reservation given by a receipt (eid '' : the current
-- one), and its PEL entry [eid, consumer, idle, deliveries], checked: -1 when id
-- is not in S at all (the caller tries the zset layout), 0 when the receipt is
-- not the current reservation's (or, with a receipt, it is not in flight).
local function reservation(S, X, id, eid, consumer, deliveries)
  local x = index_of(redis.call('hget', X, id))
  if not x then return -1 end
  if eid == '' then eid = x elseif x ~= eid then return 0 end
  local pe = redis.call('xpending', S, 'rl', eid, eid, 1)
  if #pe == 0 then return 0, eid end
  if consumer ~= '' and (pe[1][2] ~= consumer or pe[1][4] ~= tonumber(deliveries)) then return 0 end
  return pe[1], eid
end
-- The reservations of S idle for v ms or more (their worker died or stalled),
-- at most 100, found among at most 1000 PEL entries: XPENDING IDLE would walk the
-- whole PEL when none has lapsed. The walk resumes after the last entry it looked
-- at (M's field c) and starts over at the PEL's head once it reached the end, so
-- every reservation is looked at within a few calls. An entry of a reader
-- consumer ("<consumer>~[generation]", see stream_hand_back) was never handed
-- to a worker: its delivery is not counted (e[4] 0).
local function lapsed(S, M, v)
  local c = redis.call('hget', M, 'c')
  local window = redis.call('xpending', S, 'rl', c or '-', '+', 1000)
  local out, last = {}, nil
  for _, e in ipairs(window) do
    if e[3] >= tonumber(v) then
      if string.find(e[2], '~', 1, true) then e[4] = 0 end
      out[#out + 1] = e
      if #out >= 100 then last = e[1]; break end
    end
  end
  if not last and #window >= 1000 then last = window[#window][1] end
  if last then redis.call('hset', M, 'c', '(' .. last) elseif c then redis.call('hdel', M, 'c') end
  return out
end
-- The deadline index L (zset: entry id -> the time in ms its reservation may have
-- lapsed by), so that finding the lapsed reservations costs the same with any
-- number in flight. index_new() adds the deliveries made since the last call (the
-- PEL entries after M's n: deliveries come in entry id order), at most 1000, each
-- due at its delivery time plus the queue's visibility v (NX: a deadline written
-- already stays). A reserver asking a shorter visibility writes its own deadline
-- (stream_shorten), stream_touch a renewed one, stream_ack removes the entry.
-- Returns whether more is left to add.
local function index_new(S, M, L, v)
  local n = redis.call('hget', M, 'n')
  local fresh = redis.call('xpending', S, 'rl', n and ('(' .. n) or '-', '+', 1000)
  local now_ms = math.floor(now_us / 1000)
  for _, e in ipairs(fresh) do
    redis.call('zadd', L, 'nx', now_ms - e[3] + v, e[1])
  end
  if #fresh > 0 then redis.call('hset', M, 'n', fresh[#fresh][1]) end
  return #fresh >= 1000
end
-- The reservations of S idle for v ms or more (their worker died or stalled), at
-- most 100, from the head of L (a page of it at most): an entry no longer in
-- flight (released, failed, removed) leaves L, one not lapsed yet (renewed by a
-- worker that does not write L) is given its deadline again; each lapsed one
-- leaves L, for the caller to settle. An entry of a reader consumer was never
-- handed to a worker: its delivery is not counted (as in lapsed()). Needs
-- common/page.lua included before.
local function lapsed_due(S, L, v)
  local now_ms = math.floor(now_us / 1000)
  local out = {}
  for _, eid in ipairs(redis.call('zrangebyscore', L, '-inf', now_ms, 'limit', 0, PAGE)) do
    local pe = redis.call('xpending', S, 'rl', eid, eid, 1)
    if #pe == 0 then
      redis.call('zrem', L, eid)
    elseif pe[1][3] >= tonumber(v) then
      redis.call('zrem', L, eid)
      if string.find(pe[1][2], '~', 1, true) then pe[1][4] = 0 end
      out[#out + 1] = pe[1]
      if #out >= 100 then break end
    else
      redis.call('zadd', L, now_ms + tonumber(v) - pe[1][3], eid)
    end
  end
  return out
end
-- Raises the queue's visibility from v to nv (ms): the reservations in flight
-- keep the deadline they have (the idle time grows by the difference, as XCLAIM
-- IDLE sets it; each stays with its consumer, its delivery count untouched), the
-- first page of the PEL (REDISLOCK_QUEUE_PAGE, so that the call stays short). An
-- entry beyond it keeps its idle time: its deadline moves later by nv - v, which
-- only delays its recovery if its worker died (never a second run while its
-- worker lives; a live worker's heartbeat renews it anyway). Needs
-- common/page.lua included before.
local function raise_visibility(S, M, v, nv)
  redis.call('hset', M, 'v', string.format('%d', nv))
  if v <= 0 or nv <= v or redis.call('exists', S) == 0 then return end
  local pel = redis.call('xpending', S, 'rl', '-', '+', PAGE)
  for _, e in ipairs(pel) do
    redis.call('xclaim', S, 'rl', e[2], 0, e[1], 'IDLE', string.format('%d', e[3] + nv - v), 'JUSTID')
  end
end
-- The queue's settings, one rule for every writer (stream_idle, migrate): the max
-- attempts and backoff are the caller's (last writer wins), written only when
-- they differ from s (M's [v, m, b] as HMGET read them).
local function write_limits(M, s, attempts, backoff)
  if s[2] ~= attempts or s[3] ~= backoff then redis.call('hset', M, 'm', attempts, 'b', backoff) end
end
-- A delayed task that falls due before every other one of Z (due: its score):
-- a worker blocked on S sleeps until the due time it saw, so an empty entry
-- (no field i) wakes one, which acks it, looks again and sleeps until this one.
local function nudge(Z, S, due)
  local first = redis.call('zrangebyscore', Z, '(' .. score(now_us), '+inf', 'withscores', 'limit', 0, 2)
  if #first < 4 or tonumber(first[4]) > tonumber(due) then redis.call('xadd', S, '*', 'w', '1') end
end
-- The calls that list or count the whole queue (remove, dequeue, top, size,
-- stats, retryDead, migrate): an entry is either ready (after the group's
-- last-delivered id, never read) or in flight (in the PEL), since every run that
-- ends deletes its entry. group_of(S): the group's last-delivered id and its
-- PEL's size, or nil when S has no group rl (a zset-layout queue).
-- The entry id just before eid ("<ms>-<seq>").
local function before(eid)
  local ms, seq = string.match(eid, '^(%d+)-(%d+)$')
  if tonumber(seq) > 0 then return ms .. '-' .. string.format('%d', tonumber(seq) - 1) end
  return string.format('%d', tonumber(ms) - 1) .. '-18446744073709551615'
end
-- A paused queue's group is parked (see common/pause.lua): its last-delivered
-- id is PARKED, past any entry, so that the plain XREADGROUP of every worker
-- delivers nothing and a new entry wakes no blocked reader, and the group
-- rl.p, which is never read, keeps the true last-delivered id. group_of()
-- answers that one.
local PARKED = '18446744073709551615-18446744073709551615'
local function groups_of(S)
  local out = {}
  if redis.call('exists', S) == 0 then return out end
  for _, g in ipairs(redis.call('xinfo', 'groups', S)) do
    local f = {}
    for j = 1, #g, 2 do f[g[j]] = g[j + 1] end
    out[f['name']] = f
  end
  return out
end
local function group_of(S)
  local g = groups_of(S)
  if not g.rl then return nil end
  local last = g.rl['last-delivered-id']
  if g['rl.p'] then last = g['rl.p']['last-delivered-id'] end
  return last, tonumber(g.rl['pending'])
end
-- Sets the group's last-delivered id back to id: the parked one's keeper's
-- while parked.
local function set_last(S, id)
  if groups_of(S)['rl.p'] then redis.call('xgroup', 'setid', S, 'rl.p', id)
  else redis.call('xgroup', 'setid', S, 'rl', id) end
end
-- The tasks of the stream layout, counted without reading the stream (wake-up
-- entries, which carry no id, are not tasks): [ready, in flight], or nil when S
-- has no group rl. X holds one field per task in S, so the ready ones are X's
-- size less the PEL's (a wake-up entry is in the PEL only between the read that
-- delivered it and its ack, which follows at once); a run parked behind its run
-- in flight (M's r) is queued too, and counts as ready.
local function stream_tasks(S, X, M)
  local last, pel = group_of(S)
  if not last then return nil end
  local ready = redis.call('hlen', X) - pel
  if ready < 0 then ready = 0 end
  return ready + (tonumber(redis.call('hget', M, 'r')) or 0), pel, last
end
-- An entry's fields, from XRANGE's flat [field, value, ...].
local function fields_of(flat)
  local f = {}
  for j = 1, #flat, 2 do f[flat[j]] = flat[j + 1] end
  return f
end
-- An entry's due time: the ms of its id, as a score (s).
local function entry_ms(eid) return tonumber(string.match(eid, '^(%d+)')) end
local function entry_score(eid) return string.format('%.17g', entry_ms(eid) / 1000) end
-- Whether entry eid of S is in flight (in the PEL of group 'rl').
local function pending(S, eid) return #redis.call('xpending', S, 'rl', eid, eid, 1) > 0 end
-- Whether stream id a comes before b ("ms-seq").
local function id_before(a, b)
  local am, as = string.match(a, '^(%d+)%-(%d+)$')
  local bm, bs = string.match(b, '^(%d+)%-(%d+)$')
  am, bm = tonumber(am), tonumber(bm)
  return am < bm or (am == bm and tonumber(as) < tonumber(bs))
end
-- The XRANGE start of the ready entries from start ('(' exclusive, or an id),
-- never at or before the group's last-delivered id last.
local function ready_from(start, last)
  if start == '-' then return '(' .. last end
  local id = start
  if string.sub(id, 1, 1) == '(' then id = string.sub(id, 2) end
  if not id_before(last, id) then return '(' .. last end
  return start
end
