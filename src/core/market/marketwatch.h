// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QPointer>

namespace sfdesk {

class MarketBackend;

// A page's watch of the market (MarketBackend::watch): held while the page is on screen, given
// back when it is hidden or deleted.
class MarketWatch final
{
    Q_DISABLE_COPY_MOVE(MarketWatch)

public:
    explicit MarketWatch(MarketBackend* backend);
    ~MarketWatch();

    void hold(bool on);

private:
    QPointer<MarketBackend> m_backend;
    bool m_held = false;
};

} // namespace sfdesk
