-- A rate limiter's decision on its key L, by the server's clock in µs. Every
-- number is an integer (µs, ps, counts); a Unix time in µs has 16 digits, past
-- what Lua's own number-to-string keeps, so the times are written with %d (or
-- kept as the text they were read as), the smaller numbers (below 10^14) by Lua.
--
-- L is a string: "<head><state>", the head "<policy>:<limit>:<interval>:<burst>:"
-- (policy 't', 'f', 's' or 'Q', interval in µs) of the last call that consumed,
-- which the caller sends ready-made, and the state, at most four integers
-- joined by ':', by policy:
--   token bucket (t):   the theoretical arrival time (GCRA's TAT) in µs, rounded
--                       up, the ps it was rounded up by, the state's birth (µs)
--   fixed window (f):   the window's start (its first hit), its hits, and when
--                       a waiter holds a place ahead the furthest window ahead it
--                       holds a place in (0: none) and that window's hits; the
--                       windows before it count as full, so while there is one
--                       the second number is the state's birth instead of the
--                       hits (no decision reads them then); with none, the
--                       fourth number is the birth: start, hits, 0, birth. A
--                       fixed window's birth is written as 10^13 plus the µs
--                       modulo 9 * 10^13 (14 digits, above 10^13; the whole
--                       birth is the last time before now with that remainder,
--                       as no state lives 2.8 years): the release before writes
--                       the second number back through Lua's own number-to-
--                       string when it reserves behind a place, which keeps 14
--                       digits exact and no more, and no hits count passes 10^13
--   sliding window (s): the current window's start, its hits, the hits of the
--                       window before
--   stepped bucket (Q): Symfony's TokenBucket: the start of the current refill
--                       step (µs), the tokens used (above burst: places
--                       reserved ahead), the state's birth (µs)
-- These are the forms of the release before, whose script reads the head's
-- letter and at most four numbers, only the first of a token bucket, and a
-- fixed window's hits only while nobody holds a place ahead: it decides on a
-- state written here as on its own, and drops the birth when it rewrites one.
-- The birth names a state: a state started afresh (none, another policy's, a
-- fixed window after a gap) is born at its first write, and a waiter's place is
-- the birth of the state it was reserved in with its mark. A state of no known
-- birth (0: the release before wrote it, or it was continued from such a state)
-- keeps none until it starts afresh, and a place in it is checked as the
-- release before did. One read and one write (SET with PX) per decision that
-- consumes; none written when refused. A state of another policy is started
-- afresh, as Symfony's limiters do with a state of another class.
-- now: the server's TIME in µs, read by the script before it includes this
-- (the fixed window's decides its common case before these are defined).
local function int(n) return string.format('%d', n) end
-- The state of value v: its policy byte and its numbers (as text), or nil.
local function parse(v)
  local p, rest = string.match(v, '^(%a):%d+:%d+:%d+:([%d:]*)$')
  if not p then return nil end
  local n = {}
  for x in string.gmatch(rest, '%d+') do n[#n + 1] = x end
  if #n == 0 or #n > 4 then return nil end
  return p, n
end
-- A birth is a Unix time in µs (past 10^15 since 2001); a fixed window's is
-- written as BORN_F plus its remainder modulo SPAN_F, which no hits count
-- reaches (10^13 itself is read as none known).
local BORN = 1000000000000000
local BORN_F = 10000000000000
local SPAN_F = 90000000000000
-- The birth of state (p, st) in µs, 0 when it has none known.
local function birth_of(p, st)
  local b = 0
  if (p == 't' or p == 'Q') and #st == 3 then
    b = tonumber(st[3])
  elseif p == 'f' and #st == 4 then
    if tonumber(st[3]) > 0 then b = tonumber(st[2]) else b = tonumber(st[4]) end
    if b <= BORN_F or b >= BORN_F + SPAN_F then return 0 end
    local d = math.fmod(now - (b - BORN_F), SPAN_F)
    if d < 0 then d = d + SPAN_F end
    return now - d
  end
  if b < BORN then return 0 end
  return b
end
-- A fixed window's birth as written (0: none known).
local function birth_f(b)
  if b <= 0 then return '0' end
  return int(BORN_F + math.fmod(b, SPAN_F))
end
-- PX: ms until life µs have passed, rounded up.
local function px(life) return math.floor(life / 1000) + 1 end
-- Spans of time as (µs, ps) pairs, 0 <= ps < 10^6: a token's time is exact to
-- the ps, and every product stays below 2^53 (at most 10^9 tokens of at most
-- 10^6 ps; at most ten years of µs).
local PS = 1000000
local function tmul(n, eu, ep)
  local q = n * ep
  local c = math.floor(q / PS)
  return n * eu + c, q - c * PS
end
local function tadd(au, aq, bu, bq)
  local u, q = au + bu, aq + bq
  if q >= PS then return u + 1, q - PS end
  return u, q
end
local function tsub(au, aq, bu, bq)
  local u, q = au - bu, aq - bq
  if q < 0 then return u - 1, q + PS end
  return u, q
end
-- µs of a span, rounded up (a wait never ends before its moment).
local function up(u, q) if q > 0 then return u + 1 end return u end
local function fits(n, u, q, eu, ep)
  local mu, mq = tmul(n, eu, ep)
  return mu < u or (mu == u and mq <= q)
end
-- floor((u, q) / (eu, ep)): the whole emissions in a span of at most burst of them.
local function tdiv(u, q, eu, ep, burst)
  if u < 0 then return 0 end
  local n = math.floor((u + q / PS) / (eu + ep / PS))
  if n > burst then n = burst end
  while n > 0 and not fits(n, u, q, eu, ep) do n = n - 1 end
  while n < burst and fits(n + 1, u, q, eu, ep) do n = n + 1 end
  return n
end
-- The GCRA: a token every emission (eu µs and ep ps), at most burst at once.
local function token_bucket(L, head, p, st, tokens, burst, eu, ep, mode, arg)
  local tu, tq, birth = now, 0, now
  if p == 't' then
    -- The TAT as stored is rounded up to the µs: the ps it was rounded by back off.
    tu, tq, birth = tonumber(st[1]), 0, birth_of(p, st)
    local r = tonumber(st[2] or 0)
    if r > 0 and r < PS then tu, tq = tu - 1, PS - r end
    if tu < now then tu, tq = now, 0 end
  end
  local cu, cq = tmul(burst, eu, ep)
  local du, dq = tsub(tu, tq, now, 0)
  local nu, nq = tadd(tu, tq, tmul(tokens, eu, ep))
  local su, sq = tsub(nu, nq, cu, cq)
  local lu, lq = tsub(cu, cq, du, dq)
  local function write()
    local r = 0
    if nq > 0 then r = PS - nq end
    redis.call('set', L, head .. int(up(nu, nq)) .. ':' .. r .. ':' .. int(birth), 'px', px(up(nu - now, nq)))
  end
  if su < now or (su == now and sq == 0) then
    if mode == 'p' then return {1, tdiv(lu, lq, eu, ep, burst), 0, up(du, dq), 0, 0, 0} end
    write()
    local ru, rq = tsub(now, 0, su, sq)
    return {1, tdiv(ru, rq, eu, ep, burst), 0, up(nu - now, nq), 0, 0, 0}
  end
  local wait = up(su - now, sq)
  if mode == 'r' and wait <= arg then
    write()
    return {1, 0, 0, up(nu - now, nq), wait, up(nu, nq), birth}
  end
  return {0, tdiv(lu, lq, eu, ep, burst), wait, up(du, dq), 0, 0, 0}
end
-- Symfony's FixedWindow: a window opens at the first hit after the last one
-- ended and admits limit tokens until interval has passed. sa: the start as
-- stored (written back as it was while the window lasts).
local function fixed_window(L, head, p, st, limit, interval, tokens, mode, arg)
  local sa, start, hits, ahead, ahead_hits, birth
  if p == 'f' then
    sa = st[1]
    start, hits, ahead, ahead_hits, birth = tonumber(sa), tonumber(st[2] or 0), tonumber(st[3] or 0),
      tonumber(st[4] or 0), birth_of(p, st)
    -- While a waiter holds a place ahead, the current window counts as full.
    if ahead > 0 then hits = limit end
  end
  local born = now
  if p ~= 'f' then
    start, hits, ahead, ahead_hits, sa, birth = now, 0, 0, 0, nil, born
  elseif now >= start + interval then
    local m = math.floor((now - start) / interval)
    sa = nil
    if m > ahead then
      start, hits, ahead, ahead_hits, birth = now, 0, 0, 0, born
    elseif m < ahead then
      start, hits, ahead = start + m * interval, limit, ahead - m
    else
      start, hits, ahead, ahead_hits = start + m * interval, ahead_hits, 0, 0
    end
  end
  -- With a place ahead, the birth stands where the hits no decision reads were.
  local function write(h, k, kh, life)
    local s
    if k == 0 then
      s = h .. ':0:' .. birth_f(birth)
    elseif birth > 0 then
      s = birth_f(birth) .. ':' .. k .. ':' .. kh
    else
      s = h .. ':' .. k .. ':' .. kh
    end
    redis.call('set', L, head .. (sa or int(start)) .. ':' .. s, 'px', px(life))
  end
  local ends = start + interval
  if ahead == 0 and hits + tokens <= limit then
    if mode == 'p' then return {1, limit - hits, 0, hits == 0 and 0 or ends - now, 0, 0, 0} end
    write(hits + tokens, 0, 0, ends - now)
    return {1, limit - hits - tokens, 0, ends - now, 0, 0, 0}
  end
  -- The first window with room, behind those that waiters hold places in.
  local k, kh = ahead, ahead_hits
  if k == 0 then k, kh = 1, 0 elseif kh + tokens > limit then k, kh = k + 1, 0 end
  local slot = start + k * interval
  local left = 0
  if ahead == 0 then left = math.max(limit - hits, 0) end
  if mode == 'r' and slot - now <= arg then
    write(hits, k, kh + tokens, slot + interval - now)
    return {1, limit - kh - tokens, 0, slot + interval - now, slot - now, slot, birth}
  end
  -- Back to full capacity once the last window anyone holds tokens in ends.
  return {0, left, slot - now, start + math.max(ahead, 0) * interval + interval - now, 0, 0, 0}
end
-- Symfony's SlidingWindow: windows follow each other from the first hit; a hit
-- counts with the hits of its window plus those of the window before, weighted by
-- how much of that one the last interval still covers (rounded down, as Symfony
-- does; 1e-6 guards the rounding of the product against admitting one more).
local function sliding_window(L, head, p, st, limit, interval, tokens, mode)
  local sa, start, hits, prev
  if p == 's' then sa, start, hits, prev = st[1], tonumber(st[1]), tonumber(st[2] or 0), tonumber(st[3] or 0) end
  if p ~= 's' or now >= start + 2 * interval then
    start, hits, prev, sa = now, 0, 0, nil
  elseif now >= start + interval then
    start, hits, prev, sa = start + interval, 0, hits, nil
  end
  local e = now - start
  local used = math.floor(prev * (interval - e) / interval + 1e-6) + hits
  local reset = start + 2 * interval - now
  if used + tokens <= limit then
    if mode == 'p' then return {1, limit - used, 0, used == 0 and 0 or reset, 0, 0, 0} end
    redis.call('set', L, head .. (sa or int(start)) .. ':' .. (hits + tokens) .. ':' .. prev, 'px', px(reset))
    return {1, limit - used - tokens, 0, reset, 0, 0, 0}
  end
  -- The first elapsed µs of a window (prev q, hits h) at which tokens fit; nil: none.
  local function fits_at(q, h)
    local k = limit - h - tokens
    if k < 0 then return nil end
    if q == 0 then return 0 end
    local f = math.floor(interval - (k + 1 - 1e-6) * interval / q) + 1
    if f < 0 then f = 0 end
    if f >= interval then return nil end
    return f
  end
  local at = fits_at(prev, hits)
  if at then at = start + at else at = start + interval + (fits_at(hits, 0) or 0) end
  if at <= now then at = now + 1 end
  return {0, math.max(limit - used, 0), at - now, reset, 0, 0, 0}
end
-- Symfony's TokenBucket: burst tokens, limit (Symfony's rate amount) of them
-- back at each whole interval after the step's start, which moves by whole
-- intervals only, so the steps keep the phase of the bucket's start. The state
-- lives as long as Symfony's cache item (the time burst tokens take to come
-- back, from the last write), and at least until every place is refilled.
local function stepped_bucket(L, head, p, st, limit, interval, tokens, burst, mode, arg)
  local timer, used, birth = now, 0, now
  if p == 'Q' and #st == 3 then
    timer, used, birth = tonumber(st[1]), tonumber(st[2]), tonumber(st[3])
    if now >= timer + interval then
      local cycles = math.floor((now - timer) / interval)
      used, timer = math.max(used - cycles * limit, 0), timer + cycles * interval
    end
  end
  local function full(u) if u <= 0 then return 0 end return timer + math.ceil(u / limit) * interval - now end
  local function write(u)
    redis.call('set', L, head .. int(timer) .. ':' .. int(u) .. ':' .. int(birth), 'px',
      px(math.max(math.ceil(burst / limit) * interval, full(u))))
  end
  local avail = burst - used
  if avail >= tokens then
    if mode == 'p' then return {1, avail, 0, full(used), 0, 0, 0} end
    write(used + tokens)
    return {1, avail - tokens, 0, full(used + tokens), 0, 0, 0}
  end
  local slot = timer + math.ceil((tokens - avail) / limit) * interval
  if mode == 'r' and slot - now <= arg then
    write(used + tokens)
    return {1, 0, 0, full(used + tokens), slot - now, slot, birth}
  end
  return {0, math.max(avail, 0), slot - now, full(used), 0, 0, 0}
end
-- Whether the state (policy p, numbers st; p nil: none) still counts the place
-- a waiter reserved: its mark (the TAT after it, or its window's start) in the
-- state born at birth. The place is the state's own record, not an inequality
-- any state meets: a state born since (a reset(), a restart or failover that
-- lost it, then other callers) does not hold it, however far it has moved. Only
-- where a birth is not known (the state's or the place's: the release before
-- wrote or reserved it) is the place checked as that release did, by the mark
-- alone. Once the place has ended (the TAT, or the end of its window) with its
-- state gone or replaced by one born after that end, a waiter woken that late (a
-- loaded machine, a stopped process) is 'late': what it paid for was counted in
-- a state that no longer decides, so it is admitted only as a call of now would
-- be, counted in the state of now (else callers of now and it would pass the
-- limit together).
local function held(p, st, policy, interval, mark, birth)
  local ends = mark
  if policy == 'f' then ends = mark + interval end
  if not p then return now >= ends and 'late' end
  local b = birth_of(p, st)
  if p == policy and (b == 0 or birth == 0 or b == birth) then
    if policy == 'Q' then
      if b == birth then return true end
    else
      local a = tonumber(st[1])
      if a >= mark then return true end
      if policy == 'f' and (mark - a) % interval == 0 and (mark - a) / interval <= tonumber(st[3] or 0) then
        return true
      end
    end
  end
  return now >= ends and b >= ends and 'late'
end
-- The decision on a limiter's value v (false: none) read by the caller, by the
-- function of its policy: decide(p, st, mode, arg) on the state (p, st; p nil:
-- none). head: the call's (its policy is its first byte); mode 'c' consume, 'p'
-- peek, 'r' reserve a place if it comes within arg µs, 'k' check that the place
-- of mark arg in the state born at arg2 is still counted (-1 when not), then
-- peek; a place ended in a state that no longer decides, as 'c' (-1 when
-- refused). Returns [allowed, remaining, µs until allowed, µs until full
-- capacity, µs to wait (reserve), the place's mark (reserve), the state's birth
-- (reserve)]. Each policy has a script of its own (limiter/rate_<policy>.lua),
-- so that a decision defines the helpers of its policy only.
local function decision(v, head, interval, mode, arg, arg2, decide)
  local p, st
  if v then
    p, st = parse(v)
    if not p then return redis.error_reply('WRONGTYPE the key holds no rate limiter state') end
  end
  local policy = string.sub(head, 1, 1)
  local late = false
  if mode == 'k' then
    local h = held(p, st, policy, interval, arg, arg2 or 0)
    if not h then return {-1, 0, 0, 0, 0, 0, 0} end
    late = h == 'late'
    if late then mode, arg = 'c', 0 else mode = 'p' end
  end
  local r = decide(p, st, mode, arg)
  if late and r[1] ~= 1 then return {-1, 0, 0, 0, 0, 0, 0} end
  return r
end
-- A decision's mode as the caller sends it: nil (consume), 'p', 'r<µs>' or
-- 'k<mark>:<birth>'; its letter and numbers, or nil when it is none of those.
local function mode_of(mode)
  if not mode then return 'c', 0, 0 end
  local a, b, c = string.match(mode, '^(%a)(%d*):?(%d*)$')
  if not a then return nil end
  return a, tonumber(b) or 0, tonumber(c) or 0
end
-- The decision of any policy (inspect()'s peek).
local function rate(L, v, head, limit, interval, tokens, burst, eu, ep, mode, arg, arg2)
  return decision(v, head, interval, mode, arg, arg2, function(p, st, m, a)
    local policy = string.sub(head, 1, 1)
    if policy == 't' then return token_bucket(L, head, p, st, tokens, burst, eu, ep, m, a)
    elseif policy == 'f' then return fixed_window(L, head, p, st, limit, interval, tokens, m, a)
    elseif policy == 'Q' then return stepped_bucket(L, head, p, st, limit, interval, tokens, burst, m, a)
    end
    return sliding_window(L, head, p, st, limit, interval, tokens, m)
  end)
end
