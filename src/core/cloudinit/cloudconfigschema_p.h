// SPDX-License-Identifier: Apache-2.0

#pragma once

// Private to the cloud-init engine: the only place that sees jsoncons.

#include "core/cloudinit/cloudconfigschema.h"

#include <QMutex>

#include <jsoncons/json.hpp>
#include <jsoncons_ext/jsonschema/jsonschema.hpp>

#include <memory>
#include <unordered_map>

namespace sfdesk {

namespace CloudInit {

using Json = jsoncons::ojson;
using CompiledSchema = jsoncons::jsonschema::json_schema<Json>;

struct CloudConfigSchema::Private
{
    // The schema with every $ref replaced by a copy of its target and $defs removed.
    Json inlined;
    std::unique_ptr<CompiledSchema> compiled;

    // Whether instance is valid against a part of `inlined` (compiled once per part).
    bool isValid(const Json& subschema, const Json& instance) const;

    mutable QMutex mutex;
    mutable std::unordered_map<const Json*, std::unique_ptr<CompiledSchema>> parts;
};

// Draft-04 options: the inlined parts carry no $schema of their own.
jsoncons::jsonschema::evaluation_options schemaOptions();

} // namespace CloudInit

} // namespace sfdesk
