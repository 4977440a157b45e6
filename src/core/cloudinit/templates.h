// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>

namespace sfdesk {

namespace CloudInit {

struct Template
{
    QString id;
    QString title;
    QString description;
};

// The bundled starting points: SSH bootstrap, InfiniBand check, multi-node PyTorch.
QList<Template> templates();
// The template's text, empty for an unknown id.
QString templateText(const QString& id);

} // namespace CloudInit

} // namespace sfdesk
