// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/imagemodel.h"

#include "gui/common/listpage.h"

namespace sfdesk {

// Images instances boot from: SF Compute's public ones and the workspace's own.
class ImagesView final : public ListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImagesView)

public:
    explicit ImagesView(ViewContext* context, QWidget* parent = nullptr);
    ~ImagesView() override;

    ImageModel* model() const { return m_model; }

protected:
    void fillRowMenu(QMenu* menu, const QModelIndexList& rows) override;
    void takeModels(Session* session) override;

private:
    ImageModel* m_model;
};

} // namespace sfdesk
