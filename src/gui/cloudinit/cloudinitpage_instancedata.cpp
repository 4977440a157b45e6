// SPDX-License-Identifier: Apache-2.0

#include "gui/cloudinit/cloudinitpage.h"

#include "gui/cloudinit/instancedatadialog.h"

#include <QJsonObject>

namespace sfdesk {

void CloudInitPage::setInstanceData(const QJsonObject& data)
{
    m_instanceData = data;
    validateNow();
}

void CloudInitPage::editInstanceData()
{
    auto* dialog = new InstanceDataDialog(m_instanceData, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &InstanceDataDialog::used, this, &CloudInitPage::setInstanceData);
    dialog->open();
}

} // namespace sfdesk
