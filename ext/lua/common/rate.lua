-- A rate limiter's decision on its key L, by the server's clock in µs. Every
-- number is an integer (µs, counts); a Unix time in µs has 16 digits, past what
-- Lua's own number-to-string keeps, so the times are written with %d (or kept as
-- the text they were read as), the smaller numbers (counts, below 10^14) by Lua.
--
-- L is a string: "<head><state>", the head "<policy>:<limit>:<interval>:<burst>:"
-- (policy 't', 'f' or 's', interval in µs) of the last call that consumed, which
-- the caller sends ready-made, and the state, integers joined by ':', by policy:
--   token bucket:   the theoretical arrival time (GCRA's TAT, µs)
--   fixed window:   the window's start (its first hit), its hits, and only while
--                   a waiter holds a place ahead: the furthest window ahead a
--                   waiter holds a place in (the windows before it count as
--                   full), its hits
--   sliding window: the current window's start, its hits, the hits of the window
--                   before
-- One read and one write (SET with PX) per decision that consumes; none written
-- when refused. A state of another policy is started afresh, as Symfony's
-- limiters do with a state of another class.
local t1 = redis.call('time')
local now = tonumber(t1[1]) * 1000000 + tonumber(t1[2])
-- The head, then up to four numbers: a (always), b, c, d.
local STATE = '^(%a):%d+:%d+:%d+:(%d+):?(%d*):?(%d*):?(%d*)$'
local function int(n) return string.format('%d', n) end
-- floor(a / b) of integers below 2^53: the quotient's rounding cannot cross an
-- integer there. PX: ms until life µs have passed, rounded up.
local function px(life) return math.floor(life / 1000) + 1 end
-- The GCRA: a token every emission µs, at most burst at once.
local function token_bucket(L, head, p, tat, tokens, burst, emission, mode, arg)
  if p ~= 't' or tat < now then tat = now end
  local cap = burst * emission
  local new = tat + tokens * emission
  local slot = new - cap
  if slot <= now then
    if mode == 'p' then return {1, math.floor((cap - (tat - now)) / emission), 0, tat - now, 0, 0} end
    redis.call('set', L, head .. int(new), 'px', px(new - now))
    return {1, math.floor((now - slot) / emission), 0, new - now, 0, 0}
  end
  if mode == 'r' and slot - now <= arg then
    redis.call('set', L, head .. int(new), 'px', px(new - now))
    return {1, 0, 0, new - now, slot - now, new}
  end
  local left = math.floor((cap - (tat - now)) / emission)
  if left < 0 then left = 0 end
  return {0, left, slot - now, tat - now, 0, 0}
end
-- Symfony's FixedWindow: a window opens at the first hit after the last one
-- ended and admits limit tokens until interval has passed. sa: the start as
-- stored (written back as it was while the window lasts).
local function fixed_window(L, head, p, sa, start, hits, ahead, ahead_hits, limit, interval, tokens, mode, arg)
  if p ~= 'f' then
    start, hits, ahead, ahead_hits, sa = now, 0, 0, 0, nil
  elseif now >= start + interval then
    local m = math.floor((now - start) / interval)
    sa = nil
    if m > ahead then
      start, hits, ahead, ahead_hits = now, 0, 0, 0
    elseif m < ahead then
      start, hits, ahead = start + m * interval, limit, ahead - m
    else
      start, hits, ahead, ahead_hits = start + m * interval, ahead_hits, 0, 0
    end
  end
  local ends = start + interval
  if ahead == 0 and hits + tokens <= limit then
    if mode == 'p' then return {1, limit - hits, 0, ends - now, 0, 0} end
    redis.call('set', L, head .. (sa or int(start)) .. ':' .. (hits + tokens), 'px', px(ends - now))
    return {1, limit - hits - tokens, 0, ends - now, 0, 0}
  end
  -- The first window with room, behind those that waiters hold places in.
  local k, kh = ahead, ahead_hits
  if k == 0 then k, kh = 1, 0 elseif kh + tokens > limit then k, kh = k + 1, 0 end
  local slot = start + k * interval
  local left = 0
  if ahead == 0 then left = math.max(limit - hits, 0) end
  if mode == 'r' and slot - now <= arg then
    redis.call('set', L, head .. (sa or int(start)) .. ':' .. hits .. ':' .. k .. ':' .. (kh + tokens), 'px',
      px(slot + interval - now))
    return {1, limit - kh - tokens, 0, slot + interval - now, slot - now, slot}
  end
  return {0, left, slot - now, slot - now, 0, 0}
end
-- Symfony's SlidingWindow: windows follow each other from the first hit; a hit
-- counts with the hits of its window plus those of the window before, weighted by
-- how much of that one the last interval still covers (rounded down, as Symfony
-- does; 1e-6 guards the rounding of the product against admitting one more).
local function sliding_window(L, head, p, sa, start, hits, prev, limit, interval, tokens, mode)
  if p ~= 's' or now >= start + 2 * interval then
    start, hits, prev, sa = now, 0, 0, nil
  elseif now >= start + interval then
    start, hits, prev, sa = start + interval, 0, hits, nil
  end
  local e = now - start
  local used = math.floor(prev * (interval - e) / interval + 1e-6) + hits
  local reset = start + 2 * interval - now
  if used + tokens <= limit then
    if mode == 'p' then return {1, limit - used, 0, reset, 0, 0} end
    redis.call('set', L, head .. (sa or int(start)) .. ':' .. (hits + tokens) .. ':' .. prev, 'px', px(reset))
    return {1, limit - used - tokens, 0, reset, 0, 0}
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
  return {0, math.max(limit - used, 0), at - now, reset, 0, 0}
end
-- The decision on L, whose value v (false: none) the caller read. head: the
-- call's (its policy is its first byte); mode 'c' consume, 'p' peek, 'r' reserve
-- a place if it comes within arg µs, 'k' check that the place whose mark is arg
-- (its TAT, or its window's start) is still in the state, then peek: a server
-- that restarted or failed over without it, or a reset(), lost it (-1). The
-- state only moves forward, so a later TAT or window is ours kept. No state at
-- all once the state the place was reserved in has run out by itself (its PX
-- ended at the mark for a token bucket, at the end of the mark's window for a
-- fixed window) is not a loss: a waiter woken that late (a loaded machine, a
-- stopped process) had its place counted and kept to the end.
local function rate(L, v, head, limit, interval, tokens, burst, emission, mode, arg)
  local p, sa, b, c, d
  if v then
    p, sa, b, c, d = string.match(v, STATE)
    if not p then return redis.error_reply('WRONGTYPE the key holds no rate limiter state') end
  end
  local a = tonumber(sa)
  local policy = string.sub(head, 1, 1)
  c = tonumber(c) or 0
  if mode == 'k' then
    local held = p == policy and a >= arg
    if p == policy and policy == 'f' and a < arg then
      held = (arg - a) % interval == 0 and (arg - a) / interval <= c
    end
    if not v then held = now >= (policy == 'f' and arg + interval or arg) end
    if not held then return {-1, 0, 0, 0, 0, 0} end
    mode = 'p'
  end
  if policy == 't' then return token_bucket(L, head, p, a, tokens, burst, emission, mode, arg) end
  if policy == 'f' then
    return fixed_window(L, head, p, sa, a, tonumber(b) or 0, c, tonumber(d) or 0, limit, interval, tokens, mode, arg)
  end
  return sliding_window(L, head, p, sa, a, tonumber(b) or 0, c, limit, interval, tokens, mode)
end
