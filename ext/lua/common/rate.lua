-- A rate limiter's decision on its hash L, by the server's clock in µs. Every
-- number is an integer (µs, counts), stored and returned with %d: a Unix time in
-- µs has 16 digits, past what Lua's own number-to-string keeps.
--
-- L's fields: policy ('t', 'f' or 's'), limit, interval (µs), burst (the token
-- bucket's), and a, b, c, d by policy:
--   token bucket:   a = the theoretical arrival time (GCRA's TAT, µs)
--   fixed window:   a = the window's start (its first hit), b = its hits,
--                   c = the furthest window ahead a waiter holds a place in (0:
--                   none; the windows before it count as full), d = its hits
--   sliding window: a = the current window's start, b = its hits, c = the hits
--                   of the window before
-- A hash of another policy is started afresh, as Symfony's limiters do with a
-- state of another class.
local t1 = redis.call('time')
local now = tonumber(t1[1]) * 1000000 + tonumber(t1[2])
local function int(n) return string.format('%d', n) end
-- floor(a / b) of integers below 2^53: the quotient's rounding cannot cross an
-- integer there.
local function idiv(a, b) return math.floor(a / b) end
local function save(L, policy, limit, interval, burst, life, a, b, c, d)
  redis.call('hset', L, 'policy', policy, 'limit', int(limit), 'interval', int(interval), 'burst', int(burst),
    'a', int(a), 'b', int(b or 0), 'c', int(c or 0), 'd', int(d or 0))
  redis.call('pexpire', L, int(idiv(life, 1000) + 1))
end
-- The GCRA: a token every emission µs, at most burst at once.
local function token_bucket(L, s, limit, interval, tokens, burst, emission, mode, max_wait)
  local tat = (s[1] == 't' and tonumber(s[2])) or now
  if tat < now then tat = now end
  local cap = burst * emission
  local function left(at) local r = idiv(cap - (at - now), emission) if r < 0 then r = 0 end return r end
  local new = tat + tokens * emission
  local slot = new - cap
  if slot <= now then
    if mode == 'p' then return {1, left(tat), 0, tat - now, 0} end
    save(L, 't', limit, interval, burst, new - now, new)
    return {1, left(new), 0, new - now, 0}
  end
  if mode == 'r' and slot - now <= max_wait then
    save(L, 't', limit, interval, burst, new - now, new)
    return {1, 0, 0, new - now, slot - now}
  end
  return {0, left(tat), slot - now, tat - now, 0}
end
-- Symfony's FixedWindow: a window opens at the first hit after the last one
-- ended and admits limit tokens until interval has passed.
local function fixed_window(L, s, limit, interval, tokens, mode, max_wait)
  local start, hits, ahead, ahead_hits = tonumber(s[2]), tonumber(s[3]) or 0, tonumber(s[4]) or 0, tonumber(s[5]) or 0
  if s[1] ~= 'f' or not start then
    start, hits, ahead, ahead_hits = now, 0, 0, 0
  elseif now >= start + interval then
    local m = idiv(now - start, interval)
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
    if mode == 'p' then return {1, limit - hits, 0, ends - now, 0} end
    save(L, 'f', limit, interval, limit, ends - now, start, hits + tokens, 0, 0)
    return {1, limit - hits - tokens, 0, ends - now, 0}
  end
  -- The first window with room, behind those that waiters hold places in.
  local k, kh = ahead, ahead_hits
  if k == 0 then k, kh = 1, 0 elseif kh + tokens > limit then k, kh = k + 1, 0 end
  local slot = start + k * interval
  local left = 0
  if ahead == 0 then left = limit - hits end
  if mode == 'r' and slot - now <= max_wait then
    save(L, 'f', limit, interval, limit, slot + interval - now, start, hits, k, kh + tokens)
    return {1, limit - kh - tokens, 0, slot + interval - now, slot - now}
  end
  return {0, left, slot - now, slot - now, 0}
end
-- Symfony's SlidingWindow: windows follow each other from the first hit; a hit
-- counts with the hits of its window plus those of the window before, weighted by
-- how much of that one the last interval still covers (rounded down, as Symfony
-- does; 1e-6 guards the rounding of the product against admitting one more).
local function sliding_window(L, s, limit, interval, tokens, mode)
  local start, hits, prev = tonumber(s[2]), tonumber(s[3]) or 0, tonumber(s[4]) or 0
  if s[1] ~= 's' or not start or now >= start + 2 * interval then
    start, hits, prev = now, 0, 0
  elseif now >= start + interval then
    start, hits, prev = start + interval, 0, hits
  end
  local function count(p, h, e) return math.floor(p * (interval - e) / interval + 1e-6) + h end
  -- The first elapsed µs of a window (prev p, hits h) at which tokens fit; nil: none.
  local function fits_at(p, h)
    local k = limit - h - tokens
    if k < 0 then return nil end
    if p == 0 then return 0 end
    local e = math.floor(interval - (k + 1 - 1e-6) * interval / p) + 1
    if e < 0 then e = 0 end
    if e >= interval then return nil end
    return e
  end
  local e = now - start
  local used = count(prev, hits, e)
  if used + tokens <= limit then
    if mode == 'p' then return {1, limit - used, 0, start + 2 * interval - now, 0} end
    save(L, 's', limit, interval, limit, start + 2 * interval - now, start, hits + tokens, prev)
    return {1, limit - used - tokens, 0, start + 2 * interval - now, 0}
  end
  local at = fits_at(prev, hits)
  if at then at = start + at else at = start + interval + (fits_at(hits, 0) or 0) end
  if at <= now then at = now + 1 end
  return {0, math.max(limit - used, 0), at - now, start + 2 * interval - now, 0}
end
local function rate(L, policy, limit, interval, tokens, burst, emission, mode, max_wait)
  local s = redis.call('hmget', L, 'policy', 'a', 'b', 'c', 'd')
  if policy == 't' then return token_bucket(L, s, limit, interval, tokens, burst, emission, mode, max_wait) end
  if policy == 'f' then return fixed_window(L, s, limit, interval, tokens, mode, max_wait) end
  return sliding_window(L, s, limit, interval, tokens, mode)
end
