// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/templates.h"

#include "common/constvalue.h"

#include <QCoreApplication>
#include <QFile>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace CloudInit {

QList<Template> templates()
{
    return {
        {u"ssh-bootstrap"_s, QCoreApplication::translate("CloudInit", "SSH bootstrap"),
         QCoreApplication::translate("CloudInit", "A user with your SSH key; no password or root login.")},
        {u"infiniband-check"_s, QCoreApplication::translate("CloudInit", "InfiniBand check"),
         QCoreApplication::translate("CloudInit",
                                     "Prints GPUs and ibv_devinfo to the console at first boot.")},
        {u"pytorch-multinode"_s, QCoreApplication::translate("CloudInit", "Multi-node PyTorch"),
         QCoreApplication::translate("CloudInit", "torchrun and NCCL environment for a training job.")},
    };
}

QString templateText(const QString& id)
{
    for (const Template& known : constValue(templates())) {
        if (known.id != id)
            continue;
        QFile file(u":/cloudinit/templates/%1.yaml"_s.arg(id));
        if (file.open(QIODevice::ReadOnly))
            return QString::fromUtf8(file.readAll());
    }
    return {};
}

} // namespace CloudInit

} // namespace sfdesk
