#!/usr/bin/env python3
"""Reference verdicts from the real cloud-init (run as a non-root user, see tst_cloudinitvalidator).

Prints one JSON object: {FILE: {"valid": bool, "paths": [...]}} where paths are the instance paths of
schema errors, as `cloud-init schema --config-file FILE` computes them.
"""
import contextlib
import io
import json
import logging
import os
import sys

logging.disable(logging.CRITICAL)

from cloudinit.config import schema as ci_schema  # noqa: E402

cloud_schema = ci_schema.get_schema()
# Jinja templates are rendered with this instance data, as `cloud-init schema -i` would.
instance_data = os.path.join(os.path.dirname(os.path.abspath(__file__)), "instance-data.json")
verdicts = {}
for path in sys.argv[1:]:
    paths = []
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            ci_schema.validate_cloudconfig_file(
                path, cloud_schema, instance_data_path=instance_data
            )
        valid = True
    except ci_schema.SchemaValidationError as error:
        valid = not error.has_errors()
        paths = sorted({problem.path for problem in error.schema_errors})
    except RuntimeError as error:
        valid = False
        paths = ["runtime: " + str(error)]
    verdicts[path] = {"valid": valid, "paths": paths}
print(json.dumps(verdicts, indent=1, sort_keys=True))
