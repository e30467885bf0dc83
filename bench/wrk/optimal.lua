package.path = package.path .. ";" .. debug.getinfo(1, "S").source:match("@(.*/)") .. "?.lua"
local common = require("common")
init = common.seed
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  return wrk.format(nil, "/v1/arrangements/optimal", nil, '{"cards":' .. common.list(common.deal(13), 1, 13) .. '}')
end
response = common.response
done = common.done
