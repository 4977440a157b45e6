// SPDX-License-Identifier: Apache-2.0

#include "common/logging.h"
#include "core/api/apiclient.h"
#include "core/api/networkmodule.h"
#include "core/appinfo.h"
#include "core/settings/keychainsecretstore.h"
#include "core/settings/settings.h"
#include "embeddedsimulator.h"
#include "gui/application/application.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/theme/theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QLibraryInfo>
#include <QLocale>
#include <QStandardPaths>
#include <QTimer>
#include <QTranslator>
#include <QWindow>

#include <cstdio>
#include <functional>
#include <memory>

using namespace sfdesk;

namespace {

void installTranslations(QApplication& app, const QString& language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    auto* own = new QTranslator(&app);
    // A language without a catalogue, and the C locale, still get the English plural forms.
    if (own->load(locale, QStringLiteral("sfdesk"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        || own->load(QStringLiteral("sfdesk_en"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}

// Calls done(true) once the window is on screen, done(false) after a timeout.
void whenExposed(MainWindow& window, std::function<void(bool)> done)
{
    auto* timer = new QTimer(&window);
    auto started = std::make_shared<QElapsedTimer>();
    started->start();
    QObject::connect(timer, &QTimer::timeout, &window, [&window, timer, started, done = std::move(done)] {
        const QWindow* handle = window.windowHandle();
        if (window.isVisible() && handle && handle->isExposed()) {
            timer->stop();
            done(true);
        } else if (started->elapsed() > 10000) {
            timer->stop();
            done(false);
        }
    });
    timer->start(20);
}

struct Options
{
    QCommandLineOption selfTest{QStringLiteral("self-test"),
                                QCoreApplication::translate("main", "Open the main window, check that it is "
                                                                    "shown and exit.")};
    QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                  QCoreApplication::translate("main", "Render the main window to a PNG file "
                                                                      "and exit."),
                                  QStringLiteral("file")};
    QCommandLineOption section{QStringLiteral("section"),
                               QCoreApplication::translate("main", "Open this section of the sidebar."),
                               QStringLiteral("id")};
    QCommandLineOption colorScheme{QStringLiteral("color-scheme"),
                                   QCoreApplication::translate("main", "Use a light or dark palette for this "
                                                                       "run (system, light, dark)."),
                                   QStringLiteral("scheme")};
    QCommandLineOption server{
        QStringLiteral("server"),
        QCoreApplication::translate("main", "Connect to this SF Compute API server for this run. It is kept "
                                            "in File > Connections with a token of its own, asked for once "
                                            "and kept in the system keychain. SF_API_KEY and SF_BEARER_TOKEN "
                                            "are used only for https://api.sfcompute.com."),
        QStringLiteral("url")};
    QCommandLineOption log{QStringLiteral("log"),
                           QCoreApplication::translate("main", "Print the debug messages of these subsystems "
                                                               "on stderr: a comma-separated list of api, "
                                                               "sim, market, cloudinit, ui, or all."),
                           QStringLiteral("subsystems")};

    explicit Options(QCommandLineParser& parser)
    {
        parser.setApplicationDescription(
            QCoreApplication::translate("main", "Desktop client for SF Compute: InfiniBand partitions, "
                                                "reservation planning and cloud-init."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions({selfTest, screenshot, section, colorScheme, server, log});
    }
};

// --help and --version only print; they work without a display (a terminal over ssh). --help-all
// lists the GUI toolkit's options too, which only a GUI application object knows.
bool onlyPrints(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArrayView arg(argv[i]);
        if (arg == "--help" || arg == "-h" || arg == "-?" || arg == "--version" || arg == "-v")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char* argv[])
{
    if (onlyPrints(argc, argv)) {
        QCoreApplication app(argc, argv);
        AppInfo::applyIdentity(app);
        QCommandLineParser parser;
        const Options printed(parser);
        parser.process(app); // prints and exits
        return 0;
    }

    QApplication app(argc, argv);
    AppInfo::applyIdentity(app);
    QGuiApplication::setDesktopFileName(QLatin1StringView(AppInfo::desktopFileName));

    QCommandLineParser parser;
    const Options commandLine(parser);
    const QCommandLineOption& selfTest = commandLine.selfTest;
    const QCommandLineOption& screenshot = commandLine.screenshot;
    const QCommandLineOption& section = commandLine.section;
    const QCommandLineOption& colorScheme = commandLine.colorScheme;
    const QCommandLineOption& server = commandLine.server;
    parser.process(app);
    if (parser.isSet(commandLine.log)) {
        QString why;
        if (!Logging::enable(parser.value(commandLine.log), &why)) {
            std::fprintf(stderr, "sfdesk: --log: %s\n", qPrintable(why));
            return 2;
        }
    }

    Settings settings;
    installTranslations(app, settings.language());

    Theme theme(&settings);
    if (parser.isSet(colorScheme)) {
        const QString value = parser.value(colorScheme).toLower();
        if (value == u"dark")
            theme.setOverride(Settings::ColorScheme::Dark);
        else if (value == u"light")
            theme.setOverride(Settings::ColorScheme::Light);
        else if (value != u"system") {
            std::fprintf(stderr, "sfdesk: --color-scheme: expected system, light or dark\n");
            return 2;
        }
    }
    theme.apply();

    KeychainSecretStore secrets(QStringLiteral("sfdesk"));
    Application::Services services;
    services.settings = &settings;
    services.secrets = &secrets;
    // Qt Network is in a module loaded when the connection starts (after the window's first frame),
    // not linked: its libraries would be loaded before main() and the window would wait for them.
    services.network = NetworkModule::access();
    services.localServer =
        EmbeddedSimulator::factory(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation));
    services.buildPagesWhenNeeded = true;
    Application application(services);
    MainWindow& window = *application.window();
    if (parser.isSet(section) && !application.setCurrentSection(parser.value(section))) {
        std::fprintf(stderr, "sfdesk: --section: unknown section '%s' (known: %s)\n",
                     qPrintable(parser.value(section)), qPrintable(window.sectionIds().join(u", ")));
        return 2;
    }
    if (parser.isSet(server)) {
        const QUrl url = QUrl::fromUserInput(parser.value(server));
        QString why;
        if (!ApiClient::isAllowedServerUrl(url, &why)) {
            std::fprintf(stderr, "sfdesk: --server: %s\n", qPrintable(why));
            return 2;
        }
        application.startWithServer(url);
    }
    // The window's first frame and its pages come first; the connection follows them. For the local
    // simulator it loads the simulator's module (with Qt Network and what that links) and seeds its
    // world on threads of their own, but on the same cores: started at the first frame, that work
    // delayed the pages and the window's first answers to input.
    if (!parser.isSet(server))
        QObject::connect(&window, &MainWindow::pagesBuilt, &application, &Application::start,
                         Qt::SingleShotConnection);
    window.show();

    if (parser.isSet(selfTest)) {
        whenExposed(window, [&window](bool shown) {
            std::fprintf(stderr, "sfdesk self-test: main window %s\n", shown ? "shown" : "NOT shown");
            window.close();
            QCoreApplication::exit(shown ? 0 : 1);
        });
        return QApplication::exec();
    }
    if (parser.isSet(screenshot)) {
        const QString file = parser.value(screenshot);
        whenExposed(window, [&window, &application, file](bool shown) {
            // Wait for the connection to settle (the lists to load), then for layouts and deferred
            // paints, before grabbing.
            auto* settled = new QTimer(&window);
            auto waited = std::make_shared<QElapsedTimer>();
            waited->start();
            QObject::connect(
                settled, &QTimer::timeout, &window, [&window, &application, settled, waited, file, shown] {
                    const Connection* connection = application.connection();
                    // No connection yet: it starts once the window's pages are built.
                    const bool busy = !connection || connection->state() == Connection::State::Starting
                                      || connection->state() == Connection::State::Checking;
                    if (busy && waited->elapsed() < 15000)
                        return;
                    settled->stop();
                    QTimer::singleShot(1500, &window, [&window, file, shown] {
                        const bool saved = shown && window.grab().save(file, "PNG");
                        if (!saved)
                            std::fprintf(stderr, "sfdesk: could not write the screenshot to %s\n",
                                         qPrintable(file));
                        window.close();
                        QCoreApplication::exit(saved ? 0 : 1);
                    });
                });
            settled->start(50);
        });
        return QApplication::exec();
    }
    return QApplication::exec();
}
