// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/resources/simroom.h"

namespace sfsim {

// Instance SKUs: references, the select the routes read them with, and their JSON.
class CatalogRoom final : public SimRoom
{
public:
    using SimRoom::SimRoom;

    QSqlRecord findSku(const QString& ref, const QString& field = {});

    QJsonObject skuJson(const QSqlRecord& r) const;

    // The SKU row (with its fabric's name) and the image row (with its workspace) as selected.
    static const QString& skuSelectSql();
};

} // namespace sfsim
