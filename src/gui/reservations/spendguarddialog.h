// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/spendguard.h"
#include "core/settings/connectionprofile.h"

#include <QDialog>
#include <QPointer>

#include <memory>
#include <optional>

namespace Ui {
class SpendGuardDialog;
}

namespace sfdesk {

class MarketBackend;
class Settings;

// A connection's spend guard: the total above which a buy order is asked about again, and the daily
// buy cap. Saved on OK, for the connection's profile only.
class SpendGuardDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpendGuardDialog)

public:
    // `market` (may be null) tells what today's buys cost so far.
    SpendGuardDialog(Settings* settings, const ConnectionProfile& profile, MarketBackend* market,
                     QWidget* parent = nullptr);
    ~SpendGuardDialog() override;

    // Opens one, deleted on close, with the keyboard in the cap's field when `atCap`.
    static SpendGuardDialog* openFor(Settings* settings, const ConnectionProfile& profile,
                                     MarketBackend* market, QWidget* parent, bool atCap = false);

    void accept() override;

    // An amount of dollars as typed ("10000", "$10,000.50"): micro-dollars, or why not.
    static std::optional<qint64> parseAmount(const QString& text, QString* why = nullptr);

Q_SIGNALS:
    void saved(const sfdesk::SpendGuard::Limits& limits);

private:
    void updateEnabled();

    std::unique_ptr<Ui::SpendGuardDialog> m_ui;
    QPointer<Settings> m_settings;
    QString m_profileId;
};

} // namespace sfdesk
