// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/resources/simroom.h"
#include <QUrl>

namespace sfsim {

class SimImageFiles;

// Images: references, launchable ones, JSON, and where uploaded images' bytes are kept and the
// address their transfer URLs point at (set by SimServer; without them the byte routes answer 503).
class ImageRoom final : public SimRoom
{
public:
    using SimRoom::SimRoom;

    // Where uploaded images' bytes are kept and the address their transfer URLs point at (set by
    // SimServer); without them the routes that move bytes answer 503.
    void setImageTransfers(SimImageFiles* files, const QUrl& transferBase)
    {
        m_imageFiles = files;
        m_transferBase = transferBase;
    }

    SimImageFiles* imageFiles() const { return m_imageFiles; }

    QUrl transferBase() const { return m_transferBase; }

    QSqlRecord findImage(const QString& ref, const QString& field = {});

    // An image that may start an instance: completed, not revoked (422 otherwise, under `field`).
    QSqlRecord findLaunchableImage(const QString& ref, const QString& field);

    QJsonObject imageJson(const QSqlRecord& r) const;

    static const QString& imageSelectSql();

private:
    SimImageFiles* m_imageFiles = nullptr;
    QUrl m_transferBase;
};

} // namespace sfsim
