// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/resources/simresources.h"

#include <QJsonObject>
#include <QSqlRecord>
#include <QString>

namespace sfsim {

// Pool transfers: owned allocation of one SKU moved from one pool to another, which may be in
// another workspace of the account. A transfer is accepted `pending` (202) and carried out by the
// world at its next step (the next request): `executed` when the source owns the whole delta at
// that moment, beyond what its resting sells offer, else `rejected` with the reason. Executing
// writes the delta into both pools' allocation as rectangles (negative on the source), so both
// schedules change by exactly the delta and instances that lose allocation terminate as after a
// sell.
namespace pooltransfer {

const QString& selectSql();
// The transfer `ref` (pxfr_ or its legacy cxfr_ id) when the caller may read one of its pools.
QSqlRecord find(SimResources& resources, const QString& ref);
// The API's v2.PoolTransferResponse.
QJsonObject json(const QSqlRecord& row);
// The stored delta.
Schedule delta(const QSqlRecord& row);
QString deltaText(const Schedule& delta);
// Carries out the pending transfers, for MarketRoom::addAutomation.
MarketRoom::Automation automation();

} // namespace pooltransfer

} // namespace sfsim
