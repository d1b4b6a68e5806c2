/*
 * Scale-out counters with leases (docs/decisions/033-gateway-leases.md). Time comes from Redis (TIME), so every gateway
 * instance shares one clock. All keys of a subscription carry it as a {hash tag}, so the period-suffixed keys the
 * scripts derive live in the same Redis Cluster slot.
 *
 * Per quota counter (prefix portico:{sub}:q:<scope>, suffixed :<periodStart>):
 *   <prefix>:<ps>     allocated: calls used + slots leased to instances and not yet reported or returned.
 *                     Admission never lets it pass a hard limit, so the sum of leases never exceeds the quota.
 *   <prefix>:<ps>:l   hash: <instance> -> its outstanding slots, <instance>:t -> deadline (ms); an instance that
 *                     misses its deadline (crashed) has its outstanding slots counted as used ("reaped").
 *   <prefix>:<ps>:u   used: calls reported answered by instances, plus reaped slots. Never decreases: billing.
 * Rate limit: the sliding window of sliding-window.ts (hash portico:{sub}:rl); a lease of n calls is counted in the
 * current sub-bucket at once and is only used before that sub-bucket ends (see the decision record for why the
 * any-window bound still holds).
 */

const PERIOD_LUA = `
local function days_from_civil(y, m, d)
  if m <= 2 then y = y - 1 end
  local era = math.floor(y / 400)
  local yoe = y - era * 400
  local mp = (m + 9) % 12
  local doy = math.floor((153 * mp + 2) / 5) + d - 1
  local doe = yoe * 365 + math.floor(yoe / 4) - math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
end

local function civil_from_days(z)
  z = z + 719468
  local era = math.floor(z / 146097)
  local doe = z - era * 146097
  local yoe = math.floor((doe - math.floor(doe / 1460) + math.floor(doe / 36524) - math.floor(doe / 146096)) / 365)
  local y = yoe + era * 400
  local doy = doe - (365 * yoe + math.floor(yoe / 4) - math.floor(yoe / 100))
  local mp = math.floor((5 * doy + 2) / 153)
  local m = mp + 3
  if mp >= 10 then m = mp - 9 end
  if m <= 2 then y = y + 1 end
  return y, m
end

local function period_bounds(code, ms)
  local days = math.floor(ms / 86400000)
  if code == 'day' then return days * 86400000, (days + 1) * 86400000 end
  local y, m = civil_from_days(days)
  if code == 'month' then
    local ny, nm = y, m + 1
    if nm == 13 then ny, nm = y + 1, 1 end
    return days_from_civil(y, m, 1) * 86400000, days_from_civil(ny, nm, 1) * 86400000
  end
  return days_from_civil(y, 1, 1) * 86400000, days_from_civil(y + 1, 1, 1) * 86400000
end

`;

const REAP_FN = `
local function reap(lkey, ukey, now)
  local h = redis.call('HGETALL', lkey)
  local folded = 0
  local min_deadline = -1
  for j = 1, #h, 2 do
    local f = h[j]
    if string.sub(f, -2) == ':t' then
      local d = tonumber(h[j + 1])
      local inst = string.sub(f, 1, -3)
      if d < now then
        folded = folded + tonumber(redis.call('HGET', lkey, inst) or '0')
        redis.call('HDEL', lkey, inst, f)
      elseif min_deadline < 0 or d < min_deadline then
        min_deadline = d
      end
    end
  end
  if folded > 0 then redis.call('INCRBY', ukey, folded) end
  return min_deadline
end
`;

/*
 * LEASE: grants an instance slots for the next calls of one subscription, atomically.
 * KEYS[1]: rate hash; KEYS[2..]: quota prefixes.
 * ARGV: instance, rateLimit (0 = none), windowMs, subBuckets, rateWant (0 = no rate slots wanted),
 *       rateReturnBucket, rateReturnCount (unused slots of an ended rate lease, handed back), leaseTtlMs,
 *       then per quota: limit (-1 = unlimited), period, hard (1/0), want (0 = none wanted).
 * Grants are all or nothing: a refused rate or hard quota grants nothing. A grant is at most a quarter of what is
 * left (at least 1), so near a limit leases shrink and few slots sit idle at other instances.
 * Returns: status (0 granted, 1 rate limited, 2 quota exceeded), nowMs, retryAfterMs, rateGrant, rateSumBefore,
 *          rateBucketEndsInMs, rateResetMs, then per quota: periodStart, periodEnd, grant, allocatedBefore.
 */
export const LEASE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local inst = ARGV[1]
local N = tonumber(ARGV[2])
local T = tonumber(ARGV[3])
local K = tonumber(ARGV[4])
local rate_want = tonumber(ARGV[5])
local rr_bucket = tonumber(ARGV[6])
local rr_count = tonumber(ARGV[7])
local ttl = tonumber(ARGV[8])
local nq = #KEYS - 1
${PERIOD_LUA}
${REAP_FN}
local rate_ok = true
local rate_grant = 0
local rate_sum = 0
local rate_reset = 0
local rate_retry = 0
local rate_ends = 0
local s, span, bucket
if N > 0 then
  s = math.max(1, math.ceil(T / K))
  span = math.ceil(T / s)
  bucket = math.floor(now / s)
  if rr_count > 0 then
    local slot = rr_bucket % (K + 1)
    if tonumber(redis.call('HGET', KEYS[1], 'b' .. slot)) == rr_bucket then
      local c = tonumber(redis.call('HGET', KEYS[1], 'c' .. slot) or '0')
      redis.call('HSET', KEYS[1], 'c' .. slot, math.max(0, c - rr_count))
    end
  end
end
if N > 0 and rate_want > 0 then
  local first = bucket - span
  local fields = {}
  for j = 0, span do
    local slot = (first + j) % (K + 1)
    fields[#fields + 1] = 'b' .. slot
    fields[#fields + 1] = 'c' .. slot
  end
  local vals = redis.call('HMGET', KEYS[1], unpack(fields))
  local live = {}
  for j = 0, span do
    local c = 0
    if tonumber(vals[2 * j + 1]) == first + j then c = tonumber(vals[2 * j + 2]) or 0 end
    live[j] = c
    rate_sum = rate_sum + c
  end
  for j = 0, span do
    if live[j] > 0 then
      rate_reset = (first + j + span + 1) * s - now
      break
    end
  end
  rate_ends = (bucket + 1) * s - now
  if rate_sum >= N then
    rate_ok = false
    local left = rate_sum
    rate_retry = (first + span + span + 1) * s - now
    for j = 0, span do
      left = left - live[j]
      if left < N then
        rate_retry = (first + j + span + 1) * s - now
        break
      end
    end
  else
    rate_grant = math.min(rate_want, math.max(1, math.floor((N - rate_sum) / 4)))
  end
end

local quota_ok = true
local quota_retry = 0
local akeys, lkeys, ukeys, starts, ends, grants, allocs = {}, {}, {}, {}, {}, {}, {}
for i = 1, nq do
  local base = 8 + (i - 1) * 4
  local limit = tonumber(ARGV[base + 1])
  local hard = ARGV[base + 3] == '1'
  local want = tonumber(ARGV[base + 4])
  local ps, pe = period_bounds(ARGV[base + 2], now)
  local akey = KEYS[i + 1] .. ':' .. ps
  akeys[i], lkeys[i], ukeys[i], starts[i], ends[i] = akey, akey .. ':l', akey .. ':u', ps, pe
  reap(lkeys[i], ukeys[i], now)
  local c = tonumber(redis.call('GET', akey) or '0')
  allocs[i] = c
  grants[i] = 0
  if want > 0 then
    if limit >= 0 and hard then
      if c >= limit then
        quota_ok = false
        if pe - now > quota_retry then quota_retry = pe - now end
      else
        grants[i] = math.min(want, math.max(1, math.floor((limit - c) / 4)))
      end
    else
      grants[i] = want
    end
  end
end

local status = 0
local retry = 0
if not quota_ok then
  status = 2
  retry = quota_retry
  if not rate_ok and rate_retry > retry then retry = rate_retry end
elseif not rate_ok then
  status = 1
  retry = rate_retry
else
  if rate_grant > 0 then
    local slot = bucket % (K + 1)
    if tonumber(redis.call('HGET', KEYS[1], 'b' .. slot)) ~= bucket then
      redis.call('HSET', KEYS[1], 'b' .. slot, bucket, 'c' .. slot, rate_grant)
    else
      redis.call('HINCRBY', KEYS[1], 'c' .. slot, rate_grant)
    end
    redis.call('PEXPIRE', KEYS[1], (K + 2) * s)
    if rate_reset == 0 then rate_reset = (bucket + span + 1) * s - now end
  end
  for i = 1, nq do
    if grants[i] > 0 then
      redis.call('INCRBY', akeys[i], grants[i])
      redis.call('HINCRBY', lkeys[i], inst, grants[i])
      redis.call('HSET', lkeys[i], inst .. ':t', now + ttl)
    end
    -- Kept a while after the period so billing can still read them.
    local keep = ends[i] + 40 * 86400000
    redis.call('PEXPIREAT', akeys[i], keep)
    redis.call('PEXPIREAT', lkeys[i], keep)
    redis.call('PEXPIREAT', ukeys[i], keep)
  end
end
if status ~= 0 then
  rate_grant = 0
  for i = 1, nq do grants[i] = 0 end
end

local out = { status, now, retry, rate_grant, rate_sum, rate_ends, rate_reset }
for i = 1, nq do
  out[#out + 1] = starts[i]
  out[#out + 1] = ends[i]
  out[#out + 1] = grants[i]
  out[#out + 1] = allocs[i]
end
return out
`;

/*
 * REPORT: an instance tells what it used of its lease on one counter and hands back what it will not use.
 * KEYS: allocated, lease hash, used (full keys). ARGV: instance, answered (calls billed since the last report),
 * returned (unused slots handed back), leaseTtlMs.
 * Returns: outstanding after the report (-1: the lease was reaped, the instance must drop it), used, earliest
 * deadline left in the hash (-1 when none).
 */
export const REPORT_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local inst = ARGV[1]
local answered = tonumber(ARGV[2])
local returned = tonumber(ARGV[3])
local ttl = tonumber(ARGV[4])
${REAP_FN}
local min_deadline = reap(KEYS[2], KEYS[3], now)
local o = redis.call('HGET', KEYS[2], inst)
if not o then
  return { -1, tonumber(redis.call('GET', KEYS[3]) or '0'), min_deadline }
end
o = tonumber(o)
local used = math.min(answered, o)
local back = math.min(returned, o - used)
if used > 0 then redis.call('INCRBY', KEYS[3], used) end
if back > 0 then redis.call('DECRBY', KEYS[1], back) end
o = o - used - back
if o > 0 then
  redis.call('HSET', KEYS[2], inst, o, inst .. ':t', now + ttl)
  if min_deadline < 0 or now + ttl < min_deadline then min_deadline = now + ttl end
else
  redis.call('HDEL', KEYS[2], inst, inst .. ':t')
end
return { o, tonumber(redis.call('GET', KEYS[3]) or '0'), min_deadline }
`;

/*
 * REAP: counts the outstanding slots of instances past their deadline as used (billed >= answered after a crash).
 * KEYS: allocated, lease hash, used. Returns: earliest deadline left (-1: none), used.
 */
export const REAP_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
${REAP_FN}
local min_deadline = reap(KEYS[2], KEYS[3], now)
return { min_deadline, tonumber(redis.call('GET', KEYS[3]) or '0') }
`;
