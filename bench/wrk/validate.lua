package.path = package.path .. ";" .. debug.getinfo(1, "S").source:match("@(.*/)") .. "?.lua"
local common = require("common")
init = common.seed
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  local body = '{"variant":"online","arrangement":' .. common.arrangement(common.deal(13), 0) .. '}'
  return wrk.format(nil, "/v1/arrangements/validate", nil, body)
end
response = common.response
done = common.done
