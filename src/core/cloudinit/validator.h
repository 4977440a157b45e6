// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/cloudinit/diagnostic.h"

#include <QByteArrayView>
#include <QJsonObject>
#include <QStringList>

namespace sfdesk {

namespace CloudInit {

// Validates user data the way `cloud-init schema --config-file` does (header, YAML 1.1, the bundled
// schema with cloud-init's oneOf/anyOf best match and deprecations), then adds checks cloud-init does
// not make: duplicate keys, unquoted values that change type, `users` without `default`, keys that do
// not parse as public keys, passwords with password login, and the payload size.
// A Jinja template ("## template: jinja") is rendered first, as cloud-init renders it, with sample
// instance data (see jinja.h for the subset rendered); its result's problems are reported at the
// template lines they come from.
ValidationResult validateUserData(QByteArrayView utf8);
// The same, rendering a Jinja template with the given instance data (instance-data.json's keys).
ValidationResult validateUserData(QByteArrayView utf8, const QJsonObject& instanceData);

// The schema path of the mapping the cursor is in, for completion: mapping keys, "[]" for sequence
// items. Works on text that does not parse (while typing) by following indentation.
QStringList keyPathAt(const QString& text, int line, int column);

} // namespace CloudInit

} // namespace sfdesk
