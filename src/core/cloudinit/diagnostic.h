// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/cloudinit/userdata.h"
#include "core/cloudinit/yamltree.h"

#include <QList>
#include <QString>

#include <optional>

namespace sfdesk {

namespace CloudInit {

enum class Severity
{
    Error,
    Warning,
    Info
};

QString severityName(Severity severity);

// Replaces the text in range (0-based marks) by newText.
struct TextEdit
{
    TextRange range;
    QString newText;
};

struct QuickFix
{
    QString title;
    QList<TextEdit> edits;
};

struct Diagnostic
{
    Severity severity = Severity::Error;
    TextRange range;
    // The instance path as cloud-init prints it ("users.0.ssh_authorized_keys"), or
    // "format-l<line>.c<col>" for header and syntax problems.
    QString path;
    QString message;
    // A stable identifier of the check ("schema", "yaml", "deprecated", ...).
    QString code;
    std::optional<QuickFix> fix;
};

struct ValidationResult
{
    UserDataType type = UserDataType::Unknown;
    PayloadSize size;
    // False when the content is of a type cloud-init does not check against the schema.
    bool schemaChecked = false;
    QList<Diagnostic> diagnostics;

    // Valid as cloud-init decides it: no error (warnings and deprecations do not count).
    bool valid() const;
    qsizetype count(Severity severity) const;
};

} // namespace CloudInit

} // namespace sfdesk
